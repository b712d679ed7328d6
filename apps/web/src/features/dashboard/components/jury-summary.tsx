import { CircleCheck, Clock, FileText, type LucideIcon } from 'lucide-react'

import { Card } from '@/components/ui/card'

import { useJuryProgress } from '../api/get-jury-progress'
import { formatCount } from '../format-count'
import { juryCards, type JuryCard } from '../jury-counts'
import { QueryState } from '@/components/query-state'

const ICONS: Record<JuryCard['label'], LucideIcon> = {
  'Total Submissions': FileText,
  'Pending Review': Clock,
  Reviewed: CircleCheck,
}

/**
 * docs/product/pipeline.md#figures, the jury dashboard: Total Submissions, Pending Review and Reviewed, each saying
 * what it counts (issue 22; docs/product/pipeline.md#figures).
 */
export function JurySummary() {
  const progress = useJuryProgress()
  return (
    <QueryState
      query={progress}
      loadingLabel="Loading submission counts…"
      errorText="The submission counts could not be loaded."
    >
      {(data) => (
        <dl className="grid gap-4 sm:grid-cols-3">
          {juryCards(data).map((card) => (
            <Stat key={card.label} icon={ICONS[card.label]} {...card} />
          ))}
        </dl>
      )}
    </QueryState>
  )
}

function Stat({ icon: Icon, label, value, counts }: JuryCard & { icon: LucideIcon }) {
  return (
    // The dt and dd sit right in the card: a <dl> allows one wrapping <div> per pair.
    <Card className="grid gap-1 p-5">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {label}
      </dt>
      <dd className="text-3xl font-bold tabular-nums">{formatCount(value)}</dd>
      <dd className="text-sm text-muted-foreground">{counts}</dd>
    </Card>
  )
}
