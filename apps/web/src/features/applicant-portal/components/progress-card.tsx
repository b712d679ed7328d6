import { APPLICANT_STATUS_LABELS, PROGRESS_STEPS, type ProgressItem } from '@hackathon/contract'
import { Check } from 'lucide-react'
import { useId } from 'react'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { cn } from '@/lib/utils'

type Step = (typeof PROGRESS_STEPS)[number]

/** 'reviewed' is a step of the progress order but not an applicant status, so it has no label. */
const STEP_LABELS: Readonly<Record<Step, string>> = {
  registered: APPLICANT_STATUS_LABELS.registered,
  selected: APPLICANT_STATUS_LABELS.selected,
  confirmed: APPLICANT_STATUS_LABELS.confirmed,
  submitted: APPLICANT_STATUS_LABELS.submitted,
  reviewed: 'Reviewed',
}

/** Each step's share of the bar: docs/product/pipeline.md#progress, 5 steps of 20%. */
const STEP_PERCENT = 100 / PROGRESS_STEPS.length

function labelOf(item: Pick<ProgressItem, 'id' | 'description'>): string {
  return (STEP_LABELS as Readonly<Record<string, string>>)[item.id] ?? item.description
}

/**
 * The five progress steps as the server reads them from the pipeline
 * (docs/product/pipeline.md#progress). The bar is the completed steps x 20%, computed from the
 * same items it lists, so the two never disagree; the steps are monotone, so the completed ones
 * are the first ones.
 */
export function ProgressCard({ items }: { items: readonly ProgressItem[] }) {
  const headingId = useId()
  const steps: readonly Pick<ProgressItem, 'id' | 'description' | 'status'>[] =
    items.length > 0
      ? items
      : PROGRESS_STEPS.map((id) => ({ id, description: STEP_LABELS[id], status: 'pending' }))
  const completed = steps.filter((step) => step.status === 'completed')
  const percent = Math.min(100, Math.round(completed.length * STEP_PERCENT))
  const reached = completed.at(-1)

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>Overall Progress</h2>
        </CardTitle>
        <CardDescription>
          {reached
            ? `Step ${completed.length} of ${steps.length}: ${labelOf(reached)}`
            : 'Your progress shows here once you are registered.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <Progress aria-labelledby={headingId} value={percent} className="h-3 flex-1" />
          <span className="w-12 text-right text-lg font-bold tabular-nums">{percent}%</span>
        </div>
        {/* Wider than the card's padding on a phone, so five labels fit side by side at 375 px. */}
        <ol className="-mx-3 grid grid-cols-5 gap-1 sm:mx-0">
          {steps.map((step, index) => {
            const done = step.status === 'completed'
            return (
              <li
                key={step.id}
                className={cn(
                  'grid justify-items-center gap-1.5 text-center text-[0.6875rem] leading-tight sm:text-xs',
                  done ? 'font-medium text-foreground' : 'text-muted-foreground',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'grid size-7 place-items-center rounded-full border-2 text-xs font-semibold',
                    done
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-border bg-background',
                  )}
                >
                  {done ? <Check className="size-4" /> : index + 1}
                </span>
                {labelOf(step)}
                <span className="sr-only">{done ? ', done' : ', not yet'}</span>
              </li>
            )
          })}
        </ol>
      </CardContent>
    </Card>
  )
}
