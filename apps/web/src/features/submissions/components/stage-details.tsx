import type { ApplicantRound } from '@hackathon/contract'
import {
  CalendarClock,
  CircleSlash,
  Clock,
  Gavel,
  Hourglass,
  Lock,
  TimerOff,
  type LucideIcon,
} from 'lucide-react'
import { useId } from 'react'

import { formatDateTime, viewerTimeZone } from '@/lib/date-time'
import type { StageAvailability } from '@/lib/stage-availability'
import { timeLeft } from '@/lib/time-left'
import { cn } from '@/lib/utils'

import { stageNotice } from '../stage-notice'

const NOTICE_ICONS: Readonly<Record<Exclude<StageAvailability, 'open'>, LucideIcon>> = {
  expired: TimerOff,
  closed: TimerOff,
  inactive: CircleSlash,
  not_open_yet: Hourglass,
  locked: Lock,
  decided: Gavel,
}

/** The stage's name, description and deadline, and why it is closed when it is. */
export function StageDetails({
  stage,
  availability,
  now,
}: {
  stage: ApplicantRound
  availability: StageAvailability
  now: number
}) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{stage.name}</h1>
        {stage.description && (
          <p className="whitespace-pre-line text-muted-foreground">{stage.description}</p>
        )}
      </div>
      <Deadline endTime={stage.endTime} open={availability === 'open'} now={now} />
      {availability !== 'open' && <ClosedNotice stage={stage} availability={availability} />}
    </div>
  )
}

function Deadline({ endTime, open, now }: { endTime: string | null; open: boolean; now: number }) {
  if (!endTime) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        This stage has no deadline.
      </p>
    )
  }
  return (
    <div className="grid gap-2 rounded-lg border border-border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-x-2">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="font-medium">Deadline:</span>
          <time dateTime={endTime}>{formatDateTime(endTime)}</time>
        </p>
        {open && (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 font-semibold text-secondary-foreground">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {timeLeft(new Date(endTime).getTime() - now)}
          </p>
        )}
      </div>
      <p className="text-muted-foreground">
        Times are shown in your time zone ({viewerTimeZone()}).
      </p>
    </div>
  )
}

/**
 * docs/product/submissions.md#deadlines, 'Expired stage' and 'Inactive stage'; and the other reasons a stage is not
 * open to the applicant (docs/product/pipeline.md#access).
 */
function ClosedNotice({
  stage,
  availability,
}: {
  stage: ApplicantRound
  availability: Exclude<StageAvailability, 'open'>
}) {
  const { title, text, detail } = stageNotice(stage, availability)
  const Icon = NOTICE_ICONS[availability]
  const titleId = useId()
  // A stage still to open, or one already decided, is news rather than a refusal.
  const calm = availability === 'not_open_yet' || availability === 'decided'
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex gap-3 rounded-lg border p-4',
        calm ? 'border-border bg-card' : 'border-destructive/40 bg-destructive/5',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', calm ? 'text-primary' : 'text-destructive')}
      />
      <div className="grid gap-1">
        <h2 id={titleId} className="font-semibold">
          {title}
        </h2>
        <p className="text-sm">{text}</p>
        {detail && <p className="text-sm font-medium">{detail}</p>}
      </div>
    </section>
  )
}
