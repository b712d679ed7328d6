import {
  PIPELINE_STATE_LABELS,
  type Applicant,
  type PipelineEntry,
  type PipelineEvent,
  type PipelineState,
} from '@hackathon/contract'
import type { ComponentProps, ReactNode } from 'react'

import { QueryState } from '@/components/query-state'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { formatDateTime, viewerTimeZone } from '@/lib/date-time'
import { stageTitle } from '@/lib/stage-title'

import { useApplicantPipeline } from '../api/get-pipeline'
import { useRounds } from '../api/get-rounds'
import { DecisionForm } from './decision-form'

const STATE_VARIANTS: Record<PipelineState, BadgeProps['variant']> = {
  eligible: 'secondary',
  submitted: 'default',
  advanced: 'success',
  won: 'success',
  not_advanced: 'destructive',
  withdrawn: 'outline',
}

/** An event's new state in words; 'confirmed' is the participant's own step, not a decision. */
const stateLabel = (state: PipelineState | 'confirmed') =>
  state === 'confirmed' ? 'Confirmed participation' : PIPELINE_STATE_LABELS[state]

export interface PipelineDialogProps {
  /** The applicant shown; kept while the dialog closes so its text does not blank out. */
  applicant: Applicant | null
  open: boolean
  /** An admin records decisions here; the jury reads. */
  canDecide: boolean
  onClose: () => void
  onCloseAutoFocus: ComponentProps<typeof DialogContent>['onCloseAutoFocus']
}

/**
 * The applicant's place in each round (docs/product/pipeline.md): their record per round, who
 * decided it and when, the history of every change, and for an admin the form that records a
 * decision.
 */
export function PipelineDialog({
  applicant,
  open,
  canDecide,
  onClose,
  onCloseAutoFocus,
}: PipelineDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => next || onClose()}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{applicant ? `Rounds of ${applicant.name}` : 'Rounds'}</DialogTitle>
          <DialogDescription>
            {applicant
              ? `Where ${applicant.name} (${applicant.registrationId}) stands in each round, and every decision about them.`
              : 'Where the applicant stands in each round.'}
          </DialogDescription>
        </DialogHeader>
        {applicant && (
          // Keyed, so another applicant starts with a fresh form.
          <PipelineView key={applicant.id} applicant={applicant} canDecide={canDecide} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function PipelineView({ applicant, canDecide }: { applicant: Applicant; canDecide: boolean }) {
  const pipeline = useApplicantPipeline(applicant.id)
  return (
    <QueryState
      query={pipeline}
      loadingLabel="Loading the applicant’s rounds…"
      errorText="The applicant’s rounds could not be loaded."
    >
      {({ entries, events }) => (
        <div className="grid min-w-0 gap-6 text-sm">
          <p className="text-muted-foreground">Times are in your time zone ({viewerTimeZone()}).</p>
          <Part title="Records">
            <Records entries={entries} name={applicant.name} />
          </Part>
          {canDecide && (
            <Part title="Record a decision">
              <DecisionPart applicant={applicant} entries={entries} />
            </Part>
          )}
          <Part title="History">
            <History events={events} />
          </Part>
        </div>
      )}
    </QueryState>
  )
}

/** A div with a heading rather than a section: named regions inside a dialog add only noise. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-3">
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </div>
  )
}

function Records({ entries, name }: { entries: readonly PipelineEntry[]; name: string }) {
  if (entries.length === 0) {
    return (
      <p className="text-muted-foreground">
        No records yet: {name} has not submitted to a round, and nobody has decided about them.
      </p>
    )
  }
  const ordered = [...entries].sort((a, b) => a.position - b.position)
  return (
    <ol className="grid gap-3" aria-label="Records by round">
      {ordered.map((entry) => (
        <li key={entry.roundId} className="grid gap-2 rounded-lg border border-border p-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="min-w-0 font-medium break-words">
              {stageTitle({ name: entry.roundName, position: entry.position })}
            </p>
            <Badge variant={STATE_VARIANTS[entry.state]}>
              {PIPELINE_STATE_LABELS[entry.state]}
            </Badge>
          </div>
          <dl className="grid gap-1">
            <Detail term="Decided by">{entry.decidedBy ?? 'Not decided yet'}</Detail>
            {entry.decidedAt && (
              <Detail term="Decided">
                <Moment iso={entry.decidedAt} />
              </Detail>
            )}
            {entry.confirmedAt && (
              <Detail term="Confirmed">
                <Moment iso={entry.confirmedAt} />
              </Detail>
            )}
            {entry.prize && <Detail term="Prize">{entry.prize}</Detail>}
            {entry.note && <Detail term="Note">{entry.note}</Detail>}
          </dl>
        </li>
      ))}
    </ol>
  )
}

function History({ events }: { events: readonly PipelineEvent[] }) {
  if (events.length === 0) {
    return <p className="text-muted-foreground">Nothing has changed yet.</p>
  }
  return (
    <ol className="grid gap-3" aria-label="History, oldest first">
      {events.map((event) => (
        <li key={event.id} className="grid gap-0.5 border-l-2 border-border pl-3">
          <p className="break-words">
            <span className="font-medium">{event.roundName}</span>
            {`: from ${stateLabel(event.fromState)} to ${stateLabel(event.toState)}`}
          </p>
          <p className="break-words text-muted-foreground">
            {`By ${event.actor}, `}
            <Moment iso={event.at} />
          </p>
          {event.note && <p className="break-words">Note: {event.note}</p>}
        </li>
      ))}
    </ol>
  )
}

function DecisionPart({
  applicant,
  entries,
}: {
  applicant: Applicant
  entries: readonly PipelineEntry[]
}) {
  const rounds = useRounds()
  return (
    <QueryState
      query={rounds}
      loadingLabel="Loading the rounds…"
      errorText="The rounds could not be loaded."
    >
      {({ rounds: list }) =>
        list.length === 0 ? (
          <p className="text-muted-foreground">
            There are no rounds yet: create a round before recording decisions.
          </p>
        ) : (
          <DecisionForm applicant={applicant} entries={entries} rounds={list} />
        )
      }
    </QueryState>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium">{term}</dt>
      <dd className="min-w-0 break-words text-muted-foreground">{children}</dd>
    </div>
  )
}

function Moment({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>
}
