import { cn } from '@/lib/utils'

import type { UploadResult } from '../upload-kinds'
import { RowErrorsTable } from './row-errors-table'
import { SelectionChangesTable } from './selection-changes-table'
import { StageDetailsChangesTable } from './stage-details-changes-table'

/** The server lists the first few hundred; the counts are always complete. */
function ShowingFirst({ listed, total }: { listed: number; total: number }) {
  if (listed >= total) return null
  return (
    <p className="text-sm text-muted-foreground">
      Showing the first {listed} of {total}
    </p>
  )
}

function Count({ label, value, alert = false }: { label: string; value: number; alert?: boolean }) {
  return (
    <div className="grid gap-0.5 rounded-lg border border-border px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'text-lg font-semibold tabular-nums',
          alert && value > 0 && 'text-destructive',
        )}
      >
        {value}
      </dd>
    </div>
  )
}

/**
 * What a sheet would change and what is wrong with it: the counts, the changes and the errors
 * by row. Shown after a check, and after an upload refused for its row errors (which changed
 * nothing either).
 */
export function UploadReport({ result }: { result: UploadResult }) {
  const { report } = result

  return (
    <div className="grid min-w-0 gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label="Rows read" value={report.rows} />
        <Count label="Would change" value={report.updated} />
        <Count label="Unchanged" value={report.unchanged} />
        <Count label="Errors" value={report.errorCount} alert />
      </dl>
      {report.changes.length > 0 && (
        <div className="grid min-w-0 gap-2">
          <h3 className="text-sm font-semibold">Changes</h3>
          <ShowingFirst listed={report.changes.length} total={report.updated} />
          <div className="min-w-0 rounded-lg border border-border">
            {result.kind === 'selection' ? (
              <SelectionChangesTable changes={result.report.changes} />
            ) : (
              <StageDetailsChangesTable changes={result.report.changes} />
            )}
          </div>
        </div>
      )}
      {report.errors.length > 0 && (
        <div className="grid min-w-0 gap-2">
          <h3 className="text-sm font-semibold">Errors by row</h3>
          <ShowingFirst listed={report.errors.length} total={report.errorCount} />
          <div className="min-w-0 rounded-lg border border-border">
            <RowErrorsTable errors={report.errors} />
          </div>
        </div>
      )}
    </div>
  )
}
