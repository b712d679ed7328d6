import type { DashboardCharts } from '@hackathon/contract'
import { Fragment } from 'react'

import { TableCell, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/utils'

import { formatCount } from '../../format-count'
import { ChartTable } from './chart-table'

type FunnelRound = DashboardCharts['funnel'][number]

/** The funnel's steps, widest first. Each bar carries its name, so colour only adds to it. */
export const FUNNEL_STEPS = [
  { key: 'registered', label: 'Registered', bar: 'bg-slate-400' },
  { key: 'submitted', label: 'Submitted', bar: 'bg-primary/60' },
  { key: 'selected', label: 'Selected', bar: 'bg-primary' },
  { key: 'confirmed', label: 'Confirmed', bar: 'bg-success' },
] as const satisfies readonly { key: keyof FunnelRound; label: string; bar: string }[]

/** Issue 9: per round, everyone registered, then who submitted, was selected and confirmed. */
export function FunnelChart({ rounds }: { rounds: readonly FunnelRound[] }) {
  if (rounds.length === 0) {
    return <p className="text-sm text-muted-foreground">The funnel appears once a round exists.</p>
  }
  const widest = Math.max(1, ...rounds.flatMap((round) => FUNNEL_STEPS.map((s) => round[s.key])))

  return (
    <figure className="grid gap-4">
      <figcaption className="text-sm text-muted-foreground">
        Of everyone registered, how many submitted to each round, were selected and confirmed.
      </figcaption>
      {/* The drawing repeats the table below, so assistive technology reads only the table. */}
      <div aria-hidden="true" className="grid gap-5">
        {rounds.map((round) => (
          <div key={round.roundId} className="grid gap-2">
            <p className="text-sm font-medium break-words">{round.roundName}</p>
            <div className="grid grid-cols-[5.5rem_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1.5 text-xs">
              {FUNNEL_STEPS.map((step) => {
                const value = round[step.key]
                return (
                  <Fragment key={step.key}>
                    <span className="text-muted-foreground">{step.label}</span>
                    <span className="h-3 overflow-hidden rounded-full bg-muted">
                      <span
                        className={cn(
                          'block h-full rounded-full',
                          step.bar,
                          value > 0 && 'min-w-1',
                        )}
                        style={{ width: `${(value / widest) * 100}%` }}
                      />
                    </span>
                    <span className="text-right font-medium tabular-nums">
                      {formatCount(value)}
                    </span>
                  </Fragment>
                )
              })}
            </div>
          </div>
        ))}
      </div>
      <ChartTable
        title="Stage funnel per round"
        columns={['Round', ...FUNNEL_STEPS.map((step) => step.label)]}
      >
        {rounds.map((round) => (
          <TableRow key={round.roundId}>
            <th scope="row" className="px-3 py-3 text-left font-medium">
              {round.roundName}
            </th>
            {FUNNEL_STEPS.map((step) => (
              <TableCell key={step.key} className="text-right tabular-nums">
                {formatCount(round[step.key])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </ChartTable>
    </figure>
  )
}
