import type { Round, StageStat } from '@hackathon/contract'

import { Progress } from '@/components/ui/progress'

import { formatCount } from '../format-count'
import { roundProgress } from '../round-stats'
import { DashboardStatusBadge } from './dashboard-status-badge'

/**
 * "Round Progress" (docs/product/dashboard.md#admin-dashboard): per round, its submissions and how
 * many of them qualified (were selected), with the round's status; the bar is the qualified share
 * of the submissions.
 */
export function RoundProgressList({
  rounds,
  stages,
}: {
  rounds: readonly Round[]
  stages: readonly StageStat[]
}) {
  return (
    <ul className="grid gap-5">
      {rounds.map((round) => {
        const { submissions, qualified, percent } = roundProgress(round.id, stages)
        return (
          <li key={round.id} className="grid gap-2">
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-medium break-words">{round.name}</span>
              <DashboardStatusBadge status={round.status} />
            </div>
            <dl className="flex flex-wrap justify-between gap-x-4 text-sm text-muted-foreground">
              <div className="flex gap-1.5">
                <dt>Submissions</dt>
                <dd className="font-semibold text-foreground tabular-nums">
                  {formatCount(submissions)}
                </dd>
              </div>
              <div className="flex gap-1.5">
                <dt>Qualified</dt>
                <dd className="font-semibold text-foreground tabular-nums">
                  {formatCount(qualified)}
                </dd>
              </div>
            </dl>
            <Progress
              aria-label={`${round.name}: qualified of submissions`}
              value={percent}
              getValueLabel={() =>
                `${formatCount(qualified)} of ${formatCount(submissions)} qualified (${percent}%)`
              }
            />
          </li>
        )
      })}
    </ul>
  )
}
