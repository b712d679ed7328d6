import { CircleCheck, Clock, FileText, type LucideIcon } from 'lucide-react'

import { Card } from '@/components/ui/card'

import { useSubmittedSample } from '../api/get-submitted-sample'
import { SUBMITTED_SAMPLE } from '../api/keys'
import { formatCount } from '../format-count'
import { juryCounts } from '../jury-counts'
import { QueryState } from '@/components/query-state'

/** SPEC.md section 2, "Jury dashboard": Total Submissions, Pending Review and Reviewed. */
export function JurySummary() {
  const sample = useSubmittedSample()
  return (
    <QueryState
      query={sample}
      loadingLabel="Loading submission counts…"
      errorText="The submission counts could not be loaded."
    >
      {(data) => {
        const { total, pending, reviewed } = juryCounts(data)
        return (
          <div className="grid gap-2">
            <dl className="grid gap-4 sm:grid-cols-3">
              <Stat icon={FileText} label="Total Submissions" value={total} />
              <Stat icon={Clock} label="Pending Review" value={pending} />
              <Stat icon={CircleCheck} label="Reviewed" value={reviewed} />
            </dl>
            {/* SPEC.md section 9 counts from the first 50; say so once there are more. */}
            {total > SUBMITTED_SAMPLE.limit && (
              <p className="text-sm text-muted-foreground">
                Pending Review and Reviewed count the first {SUBMITTED_SAMPLE.limit} submitted
                applicants.
              </p>
            )}
          </div>
        )
      }}
    </QueryState>
  )
}

function Stat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number }) {
  return (
    // The dt and dd sit right in the card: a <dl> allows one wrapping <div> per pair.
    <Card className="grid gap-1 p-5">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {label}
      </dt>
      <dd className="text-3xl font-bold tabular-nums">{formatCount(value)}</dd>
    </Card>
  )
}
