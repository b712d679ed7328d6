import { STAGES, type Applicant } from '@hackathon/contract'
import { CheckCircle2, ListOrdered, Pencil, Trash2 } from 'lucide-react'

import { StackedField, StackedFields, StackedItem, StackedList } from '@/components/stacked-list'
import { ApplicantStatusBadge } from '@/components/applicant-status-badge'
import { Button } from '@/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { useStackedLists } from '@/lib/use-media-query'

export type ApplicantTableMode = 'admin' | 'jury'

/** Up to two letters for the avatar: 'Ada Lovelace' -> 'AL'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words
  return (
    letters
      .map((word) => Array.from(word ?? '')[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  )
}

/** A stage id ('stage2') reads as its round's name; anything else as the server sent it. */
export function stageName(stage: string | null): string | null {
  if (!stage) return null
  return STAGES.find(({ id }) => id === stage)?.name ?? stage
}

export interface ApplicantRowsProps {
  label: string
  applicants: readonly Applicant[]
  mode: ApplicantTableMode
  /** The applicant whose selection is being sent, if any. */
  selectingId?: string
  onEdit: (applicant: Applicant, trigger: HTMLElement) => void
  onDelete: (applicant: Applicant, trigger: HTMLElement) => void
  onSelect: (applicant: Applicant, trigger: HTMLElement) => void
  /** Opens the applicant's record in each round (docs/product/pipeline.md). */
  onRounds: (applicant: Applicant, trigger: HTMLElement) => void
}

/**
 * The page's applicants: a table where it fits, and below that (a phone, a tablet, a narrow
 * window) a list with each applicant stacked, so the status and the actions stay in sight
 * without sideways scrolling (docs/decisions/027-phone-tables.md). Only one is rendered, so each
 * button is named once on the page.
 */
export function ApplicantRows(props: ApplicantRowsProps) {
  return useStackedLists() ? <ApplicantList {...props} /> : <ApplicantTableRows {...props} />
}

function ApplicantTableRows({ label, applicants, ...actions }: ApplicantRowsProps) {
  return (
    // Shown only where it fits (useStackedLists); the width keeps the columns readable.
    <Table label={label} className="min-w-[52rem]">
      <TableHeader>
        <TableRow>
          <TableHead>Applicant</TableHead>
          <TableHead>Registration ID</TableHead>
          <TableHead>College</TableHead>
          <TableHead>Current Stage</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {applicants.map((applicant) => (
          <TableRow key={applicant.id}>
            <TableCell>
              <div className="flex items-center gap-3">
                <Initials name={applicant.name} />
                <div className="grid min-w-0">
                  <span className="font-medium">{applicant.name}</span>
                  <span className="text-muted-foreground">{applicant.mobile}</span>
                </div>
              </div>
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">
              {applicant.registrationId}
            </TableCell>
            <TableCell>{applicant.collegeName}</TableCell>
            <TableCell>
              <Stage stage={applicant.currentStage} />
            </TableCell>
            <TableCell>
              <ApplicantStatusBadge status={applicant.status} />
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-1">
                <ApplicantActions applicant={applicant} {...actions} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** The table's columns, stacked: each applicant's fields under their column's name. */
function ApplicantList({ label, applicants, ...actions }: ApplicantRowsProps) {
  return (
    <StackedList label={label}>
      {applicants.map((applicant) => (
        <StackedItem key={applicant.id}>
          <div className="flex items-center gap-3">
            <Initials name={applicant.name} />
            <div className="grid min-w-0">
              <span className="font-medium [overflow-wrap:anywhere]">{applicant.name}</span>
              <span className="text-sm text-muted-foreground">{applicant.mobile}</span>
            </div>
          </div>
          <StackedFields>
            <StackedField term="Registration ID">
              <span className="font-mono text-xs">{applicant.registrationId}</span>
            </StackedField>
            <StackedField term="Status">
              <ApplicantStatusBadge status={applicant.status} />
            </StackedField>
            <StackedField term="College">{applicant.collegeName}</StackedField>
            <StackedField term="Current Stage">
              <Stage stage={applicant.currentStage} />
            </StackedField>
          </StackedFields>
          <div className="flex flex-wrap gap-2">
            <ApplicantActions applicant={applicant} words {...actions} />
          </div>
        </StackedItem>
      ))}
    </StackedList>
  )
}

function Initials({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground"
    >
      {initialsOf(name)}
    </span>
  )
}

function Stage({ stage }: { stage: string | null }) {
  return (
    stageName(stage) ?? (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">None</span>
      </>
    )
  )
}

/**
 * Rounds, then Edit and Delete for an admin or Select for the jury. In the table Edit and Delete
 * are icons; in the list (`words`) they say their word too. Either way the name is the same.
 */
function ApplicantActions({
  applicant,
  mode,
  selectingId,
  onEdit,
  onDelete,
  onSelect,
  onRounds,
  words = false,
}: Omit<ApplicantRowsProps, 'label' | 'applicants'> & { applicant: Applicant; words?: boolean }) {
  return (
    <>
      <Button
        variant={words ? 'outline' : 'ghost'}
        size="sm"
        // Starts with the visible word, so a voice command 'click Rounds' finds it.
        aria-label={`Rounds for ${applicant.name}`}
        onClick={(event) => onRounds(applicant, event.currentTarget)}
      >
        <ListOrdered aria-hidden="true" />
        Rounds
      </Button>
      {mode === 'admin' ? (
        <>
          <Button
            variant={words ? 'outline' : 'ghost'}
            size={words ? 'sm' : 'icon'}
            aria-label={`Edit ${applicant.name}`}
            onClick={(event) => onEdit(applicant, event.currentTarget)}
          >
            <Pencil aria-hidden="true" />
            {words && 'Edit'}
          </Button>
          <Button
            variant={words ? 'outline' : 'ghost'}
            size={words ? 'sm' : 'icon'}
            aria-label={`Delete ${applicant.name}`}
            className="text-destructive hover:text-destructive"
            onClick={(event) => onDelete(applicant, event.currentTarget)}
          >
            <Trash2 aria-hidden="true" />
            {words && 'Delete'}
          </Button>
        </>
      ) : (
        applicant.status === 'submitted' && (
          <Button
            size="sm"
            aria-label={`Select ${applicant.name}`}
            // aria-disabled, not disabled: a disabled button drops the keyboard focus.
            aria-disabled={selectingId !== undefined}
            onClick={(event) => onSelect(applicant, event.currentTarget)}
          >
            <CheckCircle2 aria-hidden="true" />
            {selectingId === applicant.id ? 'Selecting...' : 'Select'}
          </Button>
        )
      )}
    </>
  )
}
