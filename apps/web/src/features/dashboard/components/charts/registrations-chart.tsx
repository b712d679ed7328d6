import type { DashboardCharts } from '@hackathon/contract'

import { TableCell, TableRow } from '@/components/ui/table'

import { formatCount } from '../../format-count'
import { ChartTable } from './chart-table'

type Day = DashboardCharts['registrationsPerDay'][number]

// The days are UTC days (YYYY-MM-DD); read in UTC so none shifts by the viewer's offset.
const shortDay = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})
const longDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`)

/** The top of the scale: 1, 2 or 5 times a power of ten, at or above the highest day. */
export function scaleTop(max: number): number {
  if (max <= 1) return 1
  const power = 10 ** Math.floor(Math.log10(max))
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? 10 * power
}

/** In the drawing's own units; the SVG stretches to the card's width. */
const SLOT = 10
const BAR = 7
const HEIGHT = 100

/** Issue 9: registrations per UTC day over the last REGISTRATION_CHART_DAYS days, as bars. */
export function RegistrationsChart({ days }: { days: readonly Day[] }) {
  const total = days.reduce((sum, day) => sum + day.count, 0)
  const peak = days.reduce<Day | undefined>(
    (best, day) => (!best || day.count > best.count ? day : best),
    undefined,
  )
  const top = scaleTop(peak?.count ?? 0)
  const first = days[0]
  const last = days.at(-1)

  const summary =
    !peak || total === 0
      ? `No registrations in the last ${days.length} days.`
      : `${formatCount(total)} ${total === 1 ? 'registration' : 'registrations'} in the last ${days.length} days; the most on ${longDay.format(utcDay(peak.date))}, with ${formatCount(peak.count)}.`

  return (
    <figure className="grid gap-3">
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
      {/* The drawing repeats the table below, so assistive technology reads only the table. */}
      <div aria-hidden="true" className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-1">
        <div className="flex h-40 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums">
          <span className="-translate-y-1/2">{formatCount(top)}</span>
          <span className="translate-y-1/2">0</span>
        </div>
        <svg
          viewBox={`0 0 ${Math.max(1, days.length) * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible"
        >
          {[0, HEIGHT / 2, HEIGHT].map((y) => (
            <line
              key={y}
              x1={0}
              x2={days.length * SLOT}
              y1={y}
              y2={y}
              className="stroke-border"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((day, index) => {
            const height = (day.count / top) * HEIGHT
            return (
              <rect
                key={day.date}
                x={index * SLOT + (SLOT - BAR) / 2}
                width={BAR}
                y={HEIGHT - height}
                height={height}
                className="fill-primary"
              >
                <title>{`${shortDay.format(utcDay(day.date))}: ${formatCount(day.count)}`}</title>
              </rect>
            )
          })}
        </svg>
        <span />
        {first && last && (
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>{shortDay.format(utcDay(first.date))}</span>
            <span>{shortDay.format(utcDay(last.date))}</span>
          </div>
        )}
      </div>
      <ChartTable title="Registrations per day" columns={['Date', 'Registrations']}>
        {days.map((day) => (
          <TableRow key={day.date}>
            <th scope="row" className="px-3 py-3 text-left font-normal whitespace-nowrap">
              <time dateTime={day.date}>{longDay.format(utcDay(day.date))}</time>
            </th>
            <TableCell className="text-right tabular-nums">{formatCount(day.count)}</TableCell>
          </TableRow>
        ))}
      </ChartTable>
    </figure>
  )
}
