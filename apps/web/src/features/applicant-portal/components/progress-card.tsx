import {
  APPLICANT_STATUS_LABELS,
  PROGRESS_STEPS,
  progressPercent,
  type ApplicantStatus,
} from '@hackathon/contract'
import { Check } from 'lucide-react'
import { useId } from 'react'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'

/** 'reviewed' is a step of the progress order but not an applicant status, so it has no label. */
const STEP_LABELS: Readonly<Record<(typeof PROGRESS_STEPS)[number], string>> = {
  registered: APPLICANT_STATUS_LABELS.registered,
  selected: APPLICANT_STATUS_LABELS.selected,
  confirmed: APPLICANT_STATUS_LABELS.confirmed,
  submitted: APPLICANT_STATUS_LABELS.submitted,
  reviewed: 'Reviewed',
}

/** SPEC.md section 4: the status's position in the progress order, 20% a step. */
export function ProgressCard({ status }: { status: ApplicantStatus }) {
  const headingId = useId()
  const percent = Math.round(progressPercent(status))
  const reached = PROGRESS_STEPS.indexOf(status as (typeof PROGRESS_STEPS)[number])

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>Overall Progress</h2>
        </CardTitle>
        <CardDescription>
          {reached < 0
            ? 'Your status is outside the usual steps; the organisers will be in touch.'
            : `Step ${reached + 1} of ${PROGRESS_STEPS.length}: ${STEP_LABELS[PROGRESS_STEPS[reached]!]}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-labelledby={headingId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
            className="h-3 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
          <span className="w-12 text-right text-lg font-bold tabular-nums">{percent}%</span>
        </div>
        {/* Wider than the card's padding on a phone, so five labels fit side by side at 375 px. */}
        <ol className="-mx-3 grid grid-cols-5 gap-1 sm:mx-0">
          {PROGRESS_STEPS.map((step, index) => {
            const done = index <= reached
            return (
              <li
                key={step}
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
                {STEP_LABELS[step]}
                <span className="sr-only">{done ? ', done' : ', not yet'}</span>
              </li>
            )
          })}
        </ol>
      </CardContent>
    </Card>
  )
}
