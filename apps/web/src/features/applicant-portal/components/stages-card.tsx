import type { ApplicantRound } from '@hackathon/contract'
import { ArrowRight, CalendarClock, Lock } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'wouter'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime, viewerTimeZone } from '@/lib/date-time'

/** The open rounds, each either open to this applicant or Locked (SPEC.md section 4). */
export function StagesCard({ rounds }: { rounds: readonly ApplicantRound[] }) {
  const headingId = useId()
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>Available Stages</h2>
        </CardTitle>
        <CardDescription>Times are shown in your time zone ({viewerTimeZone()}).</CardDescription>
      </CardHeader>
      <CardContent>
        {rounds.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No stage is open right now. Check back here when the next one starts.
          </p>
        ) : (
          <ul aria-labelledby={headingId} className="grid gap-4">
            {rounds.map((round) => (
              <StageItem key={round.id} round={round} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function StageItem({ round }: { round: ApplicantRound }) {
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold">{round.name}</h3>
        {round.locked && (
          <Badge variant="outline">
            <Lock aria-hidden="true" />
            Locked
          </Badge>
        )}
      </div>
      {round.description && (
        <p className="line-clamp-3 text-sm text-muted-foreground">{round.description}</p>
      )}
      <StageDates round={round} />
      {round.locked ? (
        <p className="text-sm text-muted-foreground">
          This stage opens to you once you are selected.
        </p>
      ) : (
        <Button asChild className="w-full sm:w-auto sm:justify-self-start">
          <Link href={`/applicant/submit/${encodeURIComponent(round.id)}`}>
            {'Submit '}
            <span className="sr-only">to {round.name}</span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      )}
    </li>
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
