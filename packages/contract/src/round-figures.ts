import type { StageStat } from './dashboard.js'
import type { Round } from './rounds.js'
import { stageOfRoundName } from './stages.js'

/**
 * One of a round's three stat cards. `estimated`: a fallback from the participants, shown only
 * for a round with no recorded data (docs/product/pipeline.md#figures).
 */
export interface StatCard {
  label: string
  value: number
  estimated: boolean
}

const counted = (label: string, value: number): StatCard => ({ label, value, estimated: false })

/**
 * The organizer's reported figure; else, for a round with pipeline records, the count of those
 * advanced (or won) in it; else the fallback share of the participants. A fallback computed
 * from no participants is a plain 0, not an estimate.
 */
function approved(
  label: string,
  reported: number | null,
  recorded: StageStat | null | undefined,
  participants: number,
  share: number,
): StatCard {
  if (reported !== null) return counted(label, reported)
  if (recorded) return counted(label, recorded.selections)
  return { label, value: Math.floor(share * participants), estimated: participants > 0 }
}

/**
 * The figures the dashboard shows for a round, and the rounds export writes (one source for both,
 * issue 22). Participants (invitees for a stage-4 round), colleges, and the count that matters for the
 * round's stage, which is guessed from its name as the bulk sheets do. A round whose name names
 * no stage shows its submissions.
 *
 * `recorded` is the round's line of GET /api/stage-stats, which lists exactly the rounds with
 * pipeline records: null for a round without any, undefined when the stats are not known. The
 * server counts a round's figures from its records (docs/product/pipeline.md#figures), so only a
 * round without records may show estimates (colleges a third of the participants, rounded up;
 * approved 70%, 50% or 30% of them, rounded down).
 */
export function roundStatCards(
  round: Round,
  recorded?: StageStat | null,
): [StatCard, StatCard, StatCard] {
  const participants = round.currentParticipants
  const stage = stageOfRoundName(round.name)

  const people =
    stage === 'stage4'
      ? // Stage 4's people are invited to the live event; without that figure, who takes part.
        counted('Invitees', round.totalInvitees ?? participants)
      : counted('Participants', participants)

  // Without records, 0 colleges beside some participants means nobody counted them.
  const colleges =
    round.totalColleges === 0 && participants > 0 && !recorded
      ? { label: 'Colleges', value: Math.ceil(participants / 3), estimated: true }
      : counted('Colleges', round.totalColleges)

  const stageCount =
    stage === 'stage1'
      ? counted('Ideas Submitted', round.ideasSubmitted ?? round.submissionCount)
      : stage === 'stage2'
        ? approved('Prototypes Approved', round.prototypesApproved, recorded, participants, 0.7)
        : stage === 'stage3'
          ? approved('Projects Approved', round.projectsApproved, recorded, participants, 0.5)
          : stage === 'stage4'
            ? approved(
                'Solutions to be Built',
                round.solutionsToBeBuilt,
                recorded,
                participants,
                0.3,
              )
            : counted('Submissions', round.submissionCount)

  return [people, colleges, stageCount]
}
