import { STAGES, type Applicant } from '@hackathon/contract'
import { CheckCircle2, ListOrdered, Pencil, Trash2 } from 'lucide-react'

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

export function ApplicantRows({
  label,
  applicants,
  mode,
  selectingId,
  onEdit,
  onDelete,
  onSelect,
  onRounds,
}: ApplicantRowsProps) {
  return (
    // Wide enough to stay readable on a phone, where the table scrolls sideways in its box.
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
        {applicants.map((applicant) => {
          const stage = stageName(applicant.currentStage)
          return (
            <TableRow key={applicant.id}>
              <TableCell>
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground"
                  >
                    {initialsOf(applicant.name)}
                  </span>
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
                {stage ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">None</span>
                  </>
                )}
              </TableCell>
              <TableCell>
                <ApplicantStatusBadge status={applicant.status} />
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
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
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${applicant.name}`}
                        onClick={(event) => onEdit(applicant, event.currentTarget)}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${applicant.name}`}
                        className="text-destructive hover:text-destructive"
                        onClick={(event) => onDelete(applicant, event.currentTarget)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </>
                  ) : (
                    applicant.status === 'submitted' && (
                      <Button
                        size="sm"
                        aria-label={`Select ${applicant.name}`}
                        // aria-disabled, not disabled: a disabled button drops the keyboard focus.
                        aria-disabled={selectingId !== undefined}
                        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
                        onClick={(event) => onSelect(applicant, event.currentTarget)}
                      >
                        <CheckCircle2 aria-hidden="true" />
                        {selectingId === applicant.id ? 'Selecting...' : 'Select'}
                      </Button>
                    )
                  )}
                </div>
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
