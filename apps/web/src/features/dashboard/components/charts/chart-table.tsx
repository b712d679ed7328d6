import type { ReactNode } from 'react'

import { Table, TableBody, TableHeader, TableRow, TableHead } from '@/components/ui/table'

/**
 * The chart's figures as a table, behind 'Show as table': what a screen reader reads instead of
 * the drawing, and what anyone can copy a number from.
 */
export function ChartTable({
  title,
  columns,
  children,
}: {
  /** What the table holds, e.g. 'Registrations per day'. */
  title: string
  columns: readonly string[]
  /** The body's rows. */
  children: ReactNode
}) {
  return (
    <details className="text-sm">
      <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline">
        Show as table<span className="sr-only">: {title}</span>
      </summary>
      <div className="mt-3">
        {/* Not the chart card's own name: two regions may not share one. */}
        <Table label={`${title} (table)`}>
          <TableHeader>
            <TableRow>
              {columns.map((column, index) => (
                <TableHead key={column} className={index > 0 ? 'text-right' : undefined}>
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>{children}</TableBody>
        </Table>
      </div>
    </details>
  )
}
