import { REQUIREMENT_KIND_LABELS, type Round, type RoundWarning } from '@hackathon/contract'
import {
  ClipboardList,
  EllipsisVertical,
  FileDown,
  Pencil,
  Trash2,
  TriangleAlert,
} from 'lucide-react'
import { useId, useRef, type ReactNode } from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/date-time'

import { prizesOf, requirementsOf, type RequirementView } from '../round-data'
import { CardMenu, CardMenuContent, CardMenuItem, CardMenuTrigger } from './card-menu'
import { RoundStatusBadge } from './round-status-badge'
import { WARNING_BOX } from './round-warnings-alert'

/** A card lists this many of each, then says how many more (docs/product/rounds.md#cards). */
export const SHOWN_REQUIREMENTS = 3
export const SHOWN_PRIZES = 2

export interface RoundCardProps {
  round: Round
  /** What the server warns about this round, if anything. */
  warnings?: readonly RoundWarning[]
  /** The menu's button is passed along so the dialog can give focus back to it. */
  onEdit: (round: Round, trigger: HTMLElement | null) => void
  onDelete: (round: Round, trigger: HTMLElement | null) => void
}

export function RoundCard({ round, warnings = [], onEdit, onDelete }: RoundCardProps) {
  const titleId = useId()
  const triggerRef = useRef<HTMLButtonElement>(null)
  const requirements = requirementsOf(round)
  const prizes = prizesOf(round)

  return (
    <Card aria-labelledby={titleId} role="article" className="flex h-full flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3 pb-4">
        <div className="grid min-w-0 justify-items-start gap-2">
          {/* The stage the round runs as (docs/product/pipeline.md#order). */}
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">
            Stage {round.position}
          </p>
          <CardTitle asChild>
            <h2 id={titleId} className="break-words">
              {round.name}
            </h2>
          </CardTitle>
          <RoundStatusBadge status={round.status} />
        </div>
        <CardMenu>
          <CardMenuTrigger asChild>
            <Button
              ref={triggerRef}
              variant="ghost"
              size="icon"
              className="-mt-2 -mr-2"
              aria-label={`Actions for ${round.name}`}
            >
              <EllipsisVertical aria-hidden="true" />
            </Button>
          </CardMenuTrigger>
          <CardMenuContent align="end" className="min-w-44">
            <CardMenuItem onSelect={() => onEdit(round, triggerRef.current)}>
              <Pencil aria-hidden="true" />
              Edit
            </CardMenuItem>
            <CardMenuItem asChild>
              <Link href={`/rounds/${encodeURIComponent(round.id)}/review`}>
                <ClipboardList aria-hidden="true" />
                Review &amp; ranking
              </Link>
            </CardMenuItem>
            <CardMenuItem
              className="text-destructive data-[highlighted]:bg-destructive data-[highlighted]:text-destructive-foreground"
              onSelect={() => onDelete(round, triggerRef.current)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </CardMenuItem>
          </CardMenuContent>
        </CardMenu>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-5 text-sm">
        {warnings.length > 0 && (
          <div className={`${WARNING_BOX} flex gap-2 p-3`}>
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <ul className="grid min-w-0 gap-1">
              {warnings.map((warning, index) => (
                <li key={`${warning.code}-${index}`} className="break-words">
                  <span className="sr-only">Warning: </span>
                  {warning.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="break-words whitespace-pre-line text-muted-foreground">{round.description}</p>
        <dl className="grid gap-1.5">
          <Detail term="Starts">
            <Moment iso={round.startTime} />
          </Detail>
          <Detail term="Ends">
            <Moment iso={round.endTime} />
          </Detail>
          <Detail term="Max participants">{round.maxParticipants ?? 'No limit'}</Detail>
        </dl>
        <CappedList
          title="Requirements"
          empty="No requirements listed."
          items={requirements}
          shown={SHOWN_REQUIREMENTS}
          render={(requirement) => (
            <li key={requirement.key} className="break-words">
              {requirement.description}
              <span className="block text-muted-foreground">{answerRule(requirement)}</span>
              {requirement.template && (
                <a
                  href={requirement.template.url}
                  title={requirement.template.name}
                  className="mt-1 flex w-fit max-w-full items-center gap-1.5 rounded-sm text-primary underline-offset-4 hover:underline"
                >
                  <FileDown aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 truncate">{requirement.template.name}</span>{' '}
                  <span className="sr-only">(template)</span>
                </a>
              )}
            </li>
          )}
        />
        <CappedList
          title="Prizes"
          empty="No prizes listed."
          items={prizes}
          shown={SHOWN_PRIZES}
          render={(prize, index) => (
            <li key={index} className="break-words">
              {prize}
            </li>
          )}
        />
      </CardContent>
    </Card>
  )
}

/** What the answer to a requirement is, e.g. 'File upload: PDF, PPT, up to 10 MB. Optional.' */
export function answerRule(requirement: RequirementView): string {
  const kind = REQUIREMENT_KIND_LABELS[requirement.kind]
  const what =
    requirement.kind === 'file'
      ? `${kind}: ${requirement.fileTypes.map((t) => t.toUpperCase()).join(', ') || 'no type chosen'}, up to ${requirement.maxSizeMb} MB`
      : kind
  return `${what}.${requirement.required ? '' : ' Optional.'}`
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium">{term}</dt>
      <dd className="text-muted-foreground">{children}</dd>
    </div>
  )
}

/** In the viewer's zone, with the zone's name (lib/date-time.ts). */
function Moment({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <>Not set</>
}

function CappedList<T>({
  title,
  empty,
  items,
  shown,
  render,
}: {
  title: string
  empty: string
  items: readonly T[]
  shown: number
  render: (item: T, index: number) => ReactNode
}) {
  const hidden = items.length - shown
  // A div, not a <section>: every card has these, and named sections would be landmarks with
  // the same names.
  return (
    <div className="grid min-w-0 gap-1.5">
      <h3 className="font-medium">{title}</h3>
      {items.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul className="min-w-0 list-disc space-y-1.5 pl-5 marker:text-muted-foreground">
          {items.slice(0, shown).map(render)}
        </ul>
      )}
      {hidden > 0 && <p className="text-muted-foreground">{`+${hidden} more`}</p>}
    </div>
  )
}
