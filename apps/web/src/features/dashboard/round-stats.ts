import { stageOfRoundName, type Round, type StageStat } from '@hackathon/contract'

/** One of a round's three stat cards. `estimated`: the server gave no count (SPEC.md section 9). */
export interface StatCard {
  label: string
  value: number
  estimated: boolean
}

const counted = (label: string, value: number): StatCard => ({ label, value, estimated: false })

/**
 * The server's count, or SPEC.md section 9's fallback when it has none. A fallback computed from
 * no participants is a plain 0, not an estimate.
 */
function countOr(label: string, value: number | null, participants: number, share: number) {
  if (value !== null) return counted(label, value)
  return { label, value: Math.floor(share * participants), estimated: participants > 0 }
}

/**
 * SPEC.md section 2 and 9: participants (invitees for a stage-4 round), colleges, and the count
 * that matters for the round's stage, which is guessed from its name. A round whose name names
 * no stage shows its submissions.
 */
export function roundStatCards(round: Round): [StatCard, StatCard, StatCard] {
  const participants = round.currentParticipants
  const stage = stageOfRoundName(round.name)

  const people =
    stage === 'stage4'
      ? // Stage 4's people are invited to the live event; without that figure, who takes part.
        counted('Invitees', round.totalInvitees ?? participants)
      : counted('Participants', participants)

  // totalColleges is always a number; 0 beside participants means nobody counted them.
  const colleges =
    round.totalColleges === 0 && participants > 0
      ? { label: 'Colleges', value: Math.ceil(participants / 3), estimated: true }
      : counted('Colleges', round.totalColleges)

  const stageCount =
    stage === 'stage1'
      ? counted('Ideas Submitted', round.ideasSubmitted ?? round.submissionCount)
      : stage === 'stage2'
        ? countOr('Prototypes Approved', round.prototypesApproved, participants, 0.7)
        : stage === 'stage3'
          ? countOr('Projects Approved', round.projectsApproved, participants, 0.5)
          : stage === 'stage4'
            ? countOr('Solutions to be Built', round.solutionsToBeBuilt, participants, 0.3)
            : counted('Submissions', round.submissionCount)

  return [people, colleges, stageCount]
}

export type DashboardStatus = 'Active' | 'Completed' | 'Inactive'

/** SPEC.md section 4: the dashboard labels anything but active and completed as inactive. */
export function dashboardStatus(status: string): DashboardStatus {
  if (status === 'active') return 'Active'
  if (status === 'completed') return 'Completed'
  return 'Inactive'
}

export interface RoundProgress {
  submissions: number
  qualified: number
  /** Qualified of submitted, 0 to 100, whole. */
  percent: number
}

/** A round's line in Round Progress; a round without stats has had no submissions yet. */
export function roundProgress(roundId: string, stages: readonly StageStat[]): RoundProgress {
  const stat = stages.find((stage) => stage.stageId === roundId)
  const submissions = stat?.submissions ?? 0
  const qualified = stat?.selections ?? 0
  const percent =
    submissions > 0 ? Math.min(100, Math.max(0, Math.round((qualified / submissions) * 100))) : 0
  return { submissions, qualified, percent }
}
