import type { StageStat } from '@hackathon/contract'

// A round's three figures are the contract's, so the rounds export writes what the dashboard shows.
export { roundStatCards, type StatCard } from '@hackathon/contract'

/** A round's line of the stage stats: null when the round has no records (see roundStatCards). */
export function recordedStats(roundId: string, stages: readonly StageStat[]): StageStat | null {
  return stages.find((stage) => stage.stageId === roundId) ?? null
}

export type DashboardStatus = 'Active' | 'Completed' | 'Inactive'

/** Anything but active and completed is Inactive (docs/product/dashboard.md#admin-dashboard). */
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
