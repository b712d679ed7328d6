import {
  DECIDED_PIPELINE_STATES,
  PIPELINE_STATE_LABELS,
  type ApplicantRound,
  type PipelineState,
} from '@hackathon/contract'
import {
  ArrowRight,
  CalendarClock,
  CircleCheck,
  Clock,
  Gavel,
  Hourglass,
  Lock,
  TimerOff,
  Trophy,
  type LucideIcon,
} from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Link } from 'wouter'

import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime, viewerTimeZone } from '@/lib/date-time'
import { stageAvailability, type StageAvailability } from '@/lib/stage-availability'
import { stageTitle } from '@/lib/stage-title'
import { timeLeft } from '@/lib/time-left'
import { useNow } from '@/lib/use-now'

const MY_SUBMISSIONS_PATH = '/applicant/submissions'

/** The states a person decided (docs/product/pipeline.md): they outrank the stage's clock. */
type Decision = (typeof DECIDED_PIPELINE_STATES)[number]
const DECISIONS: ReadonlySet<PipelineState> = new Set(DECIDED_PIPELINE_STATES)

function decisionOf(round: ApplicantRound): Decision | null {
  return round.state && DECISIONS.has(round.state) ? (round.state as Decision) : null
}

/**
 * Every stage of the competition in its order, each with where it stands for this applicant:
 * open (with the time left and Submit), submitted, not open yet, closed, locked (and what unlocks
 * it) or decided (docs/product/pipeline.md#access). Submit is offered only where the server says
 * the stage is open to the applicant.
 */
export function StagesCard({ rounds }: { rounds: readonly ApplicantRound[] }) {
  const headingId = useId()
  const now = useNow()
  const ordered = [...rounds].sort((a, b) => a.position - b.position)
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>Available Stages</h2>
        </CardTitle>
        <CardDescription>
          Every stage of the competition, in order. Times are shown in your time zone (
          {viewerTimeZone()}).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {ordered.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No stages have been announced yet. Check back here soon.
          </p>
        ) : (
          <ul aria-labelledby={headingId} className="grid gap-4">
            {ordered.map((round) => (
              <StageItem key={round.id} round={round} now={now} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function StageItem({ round, now }: { round: ApplicantRound; now: number }) {
  const availability = stageAvailability(round, now)
  const decision = decisionOf(round)
  const title = stageTitle(round)
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">{title}</h3>
        <StageBadge round={round} availability={availability} decision={decision} />
      </div>
      {round.description && (
        <p className="line-clamp-3 text-sm break-words text-muted-foreground">
          {round.description}
        </p>
      )}
      <StageDates round={round} />
      <div className="grid gap-1.5 text-sm">
        {decision ? (
          <Line icon={decision === 'won' ? Trophy : Gavel}>
            The jury has decided: {PIPELINE_STATE_LABELS[decision]}.
          </Line>
        ) : (
          <AvailabilityLine round={round} availability={availability} now={now} />
        )}
        {round.submission?.submittedAt && (
          <Line icon={CircleCheck}>
            <span>
              Submitted{' '}
              <time dateTime={round.submission.submittedAt}>
                {formatDateTime(round.submission.submittedAt)}
              </time>
              {' · '}
              <Link
                href={MY_SUBMISSIONS_PATH}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                View in My Submissions
              </Link>
            </span>
          </Line>
        )}
      </div>
      {availability === 'open' && (
        <Button asChild className="w-full sm:w-auto sm:justify-self-start">
          <Link href={`/applicant/submit/${encodeURIComponent(round.id)}`}>
            {round.submission ? 'Update submission ' : 'Submit '}
            <span className="sr-only">
              {round.submission ? 'for' : 'to'} {round.name}
            </span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      )}
    </li>
  )
}

function AvailabilityLine({
  round,
  availability,
  now,
}: {
  round: ApplicantRound
  availability: StageAvailability
  now: number
}) {
  switch (availability) {
    case 'open':
      return (
        <Line icon={Clock}>
          <span className="font-medium">
            Open now
            {round.endTime ? ` · ${timeLeft(Date.parse(round.endTime) - now)}` : ' · no deadline'}
          </span>
        </Line>
      )
    case 'not_open_yet':
      return (
        <Line icon={Hourglass}>
          {round.startTime ? (
            <span>
              Opens on <time dateTime={round.startTime}>{formatDateTime(round.startTime)}</time>
            </span>
          ) : (
            'Not open yet.'
          )}
        </Line>
      )
    case 'inactive':
      return <Line icon={Hourglass}>Not open yet: the organisers will announce when it opens.</Line>
    case 'expired':
      return (
        <Line icon={TimerOff}>
          {round.endTime ? (
            <span>
              Closed on <time dateTime={round.endTime}>{formatDateTime(round.endTime)}</time>
            </span>
          ) : (
            'Closed.'
          )}
        </Line>
      )
    case 'closed':
    case 'decided':
    case 'locked':
      return (
        <Line
          icon={availability === 'locked' ? Lock : availability === 'closed' ? TimerOff : Gavel}
        >
          {round.accessMessage}
        </Line>
      )
  }
}

const BADGES: Readonly<
  Record<Exclude<StageAvailability, 'open'>, { label: string; icon: LucideIcon }>
> = {
  expired: { label: 'Closed', icon: TimerOff },
  closed: { label: 'Closed', icon: TimerOff },
  not_open_yet: { label: 'Not open yet', icon: Hourglass },
  inactive: { label: 'Not open yet', icon: Hourglass },
  locked: { label: 'Locked', icon: Lock },
  decided: { label: 'Decided', icon: Gavel },
}

/** A decision first, then a submission, then whether the stage is open. */
function StageBadge({
  round,
  availability,
  decision,
}: {
  round: ApplicantRound
  availability: StageAvailability
  decision: Decision | null
}) {
  let variant: BadgeProps['variant'] = 'outline'
  let label: string
  let Icon: LucideIcon
  if (decision) {
    label = PIPELINE_STATE_LABELS[decision]
    variant = decision === 'won' || decision === 'advanced' ? 'success' : 'outline'
    Icon = decision === 'won' ? Trophy : Gavel
  } else if (round.submission) {
    label = 'Submitted'
    variant = 'secondary'
    Icon = CircleCheck
  } else if (availability === 'open') {
    label = 'Open'
    variant = 'default'
    Icon = Clock
  } else {
    label = BADGES[availability].label
    Icon = BADGES[availability].icon
  }
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  )
}

function Line({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 break-words">{children}</span>
    </p>
  )
}

function StageDates({ round }: { round: ApplicantRound }) {
  if (!round.startTime && !round.endTime) {
    return <p className="text-sm text-muted-foreground">Dates to be announced.</p>
  }
  return (
    <dl className="grid gap-1 text-sm">
      {round.startTime && (
        <div className="flex flex-wrap gap-x-2">
          <dt className="inline-flex items-center gap-1.5 text-muted-foreground">
            <CalendarClock aria-hidden="true" className="size-4" />
            Starts
          </dt>
          <dd>
            <time dateTime={round.startTime}>{formatDateTime(round.startTime)}</time>
          </dd>
        </div>
      )}
      {round.endTime && (
        <div className="flex flex-wrap gap-x-2">
          <dt className="inline-flex items-center gap-1.5 text-muted-foreground">
            <CalendarClock aria-hidden="true" className="size-4" />
            Ends
          </dt>
          <dd>
            <time dateTime={round.endTime}>{formatDateTime(round.endTime)}</time>
          </dd>
        </div>
      )}
    </dl>
  )
}
