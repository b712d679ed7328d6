import {
  ROUND_EXPORT_METRIC_LABELS,
  ROUND_EXPORT_METRICS,
  type StageDetailsChange,
} from '@hackathon/contract'

import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

import { FromTo } from './values'

const formatFigure = (value: number) => value.toLocaleString()

/**
 * What a stage-details sheet changes, one round a row. Only the figures that change are
 * listed, one per line, so a row stays narrow enough to read on a phone.
 */
export function StageDetailsChangesTable({ changes }: { changes: readonly StageDetailsChange[] }) {
  return (
    <Table label="Changes">
      <TableHeader>
        <TableRow>
          <TableHead>Row</TableHead>
          <TableHead>Round</TableHead>
          <TableHead>Figures</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {changes.map((change) => {
          const changed = ROUND_EXPORT_METRICS.filter(
            (metric) => change.before[metric] !== change.after[metric],
          )
          return (
            <TableRow key={`${change.row}-${change.roundId}`}>
              <TableCell className="align-top tabular-nums">{change.row}</TableCell>
              <TableCell className="min-w-32 align-top">{change.roundName}</TableCell>
              <TableCell className="align-top">
                <ul className="grid gap-1">
                  {changed.map((metric) => (
                    <li key={metric} className="whitespace-nowrap">
                      <span className="text-muted-foreground">
                        {ROUND_EXPORT_METRIC_LABELS[metric]}:
                      </span>{' '}
                      <FromTo
                        from={change.before[metric]}
                        to={change.after[metric]}
                        format={formatFigure}
                      />
                    </li>
                  ))}
                </ul>
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
