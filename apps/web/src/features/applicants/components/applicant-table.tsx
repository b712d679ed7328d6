import {
  APPLICANT_MESSAGES,
  APPLICANT_STATUSES,
  APPLICANT_STATUS_LABELS,
  LIMITS,
  type Applicant,
  type ApplicantStatus,
} from '@hackathon/contract'
import { ChevronLeft, ChevronRight, RotateCw, Search, Users } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input, NativeSelect } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { cn } from '@/lib/utils'

import { useApplicants } from '../api/get-applicants'
import { useSelectApplicant } from '../api/select-applicant'
import { useRowDialog } from '../hooks/use-row-dialog'
import { ApplicantRows, type ApplicantTableMode } from './applicant-rows'
import { DeleteApplicantDialog } from './delete-applicant-dialog'
import { EditApplicantDialog } from './edit-applicant-dialog'

export type { ApplicantTableMode } from './applicant-rows'

/** Long enough to finish a word, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300

type StatusFilter = ApplicantStatus | 'all'

export interface ApplicantTableProps {
  /** admin: edit and delete each applicant; jury: select submitted applicants. */
  mode: ApplicantTableMode
  /** Shown as the card's heading (an h2); without it the page's own heading names the table. */
  title?: string
}

/** SPEC.md section 2, "Applicant table": search, status filter, pages of 10 and row actions. */
export function ApplicantTable({ mode, title }: ApplicantTableProps) {
  const [searchText, setSearchText] = useState('')
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [status, setStatus] = useState<StatusFilter>('all')
  // The page belongs to the filters it was chosen under: a new search or status starts at 1.
  const filterKey = JSON.stringify([search, status])
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const page = paging.filterKey === filterKey ? paging.page : 1
  const limit = LIMITS.applicantPageSize

  const applicants = useApplicants({ search, status, page, limit })
  const searchRef = useRef<HTMLInputElement>(null)
  const previousRef = useRef<HTMLButtonElement>(null)
  const nextRef = useRef<HTMLButtonElement>(null)
  const editDialog = useRowDialog<Applicant>(searchRef)
  const deleteDialog = useRowDialog<Applicant>(searchRef)
  const select = useSelectApplicant()
  const ids = { search: useId(), status: useId() }

  const data = applicants.data
  const totalPages = Math.max(1, data?.totalPages ?? 1)
  // After deleting the last row of the last page, that page no longer exists: show the new last.
  if (data && !applicants.isPlaceholderData && page > totalPages) {
    setPaging({ filterKey, page: totalPages })
  }

  function goTo(nextPage: number, moveFocusTo: HTMLButtonElement | null) {
    // Flushed, so that when this button has just become disabled, the other one can take focus.
    flushSync(() => setPaging({ filterKey, page: nextPage }))
    moveFocusTo?.focus()
  }

  function selectApplicant(applicant: Applicant, trigger: HTMLElement) {
    if (select.isPending) return
    select.mutate(applicant.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: APPLICANT_MESSAGES.selected })
        // The Select button goes with the submitted status; keep focus in the table's controls.
        setTimeout(() => {
          if (!trigger.isConnected) searchRef.current?.focus()
        })
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(err, 'Failed to select applicant'),
        }),
    })
  }

  return (
    <Card className="min-w-0">
      {title && (
        <CardHeader className="pb-4">
          <CardTitle asChild>
            <h2>{title}</h2>
          </CardTitle>
        </CardHeader>
      )}
      {/* grid-cols-1 is minmax(0, 1fr): the wide table scrolls in its box instead of widening the card. */}
      <CardContent className={cn('grid grid-cols-1 gap-4', !title && 'pt-6')}>
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Label htmlFor={ids.search} className="sr-only">
              Search applicants
            </Label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              ref={searchRef}
              id={ids.search}
              type="search"
              placeholder="Search applicants..."
              autoComplete="off"
              spellCheck={false}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              className="pl-9"
            />
          </div>
          <div className="sm:w-52">
            <Label htmlFor={ids.status} className="sr-only">
              Filter by status
            </Label>
            <NativeSelect
              id={ids.status}
              value={status}
              onChange={(event) => setStatus(event.target.value as StatusFilter)}
            >
              <option value="all">All Statuses</option>
              {APPLICANT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {APPLICANT_STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        {applicants.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 py-6 text-sm">
            <p>{errorMessage(applicants.error, 'The applicants could not be loaded.')}</p>
            <Button variant="outline" size="sm" onClick={() => void applicants.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : !data ? (
          <div className="grid place-items-center py-12">
            <Spinner label="Loading applicants…" />
          </div>
        ) : data.total === 0 ? (
          <div role="status" className="grid justify-items-center gap-2 py-12 text-center">
            <Users aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="font-medium">No applicants found</p>
            <p className="text-sm text-muted-foreground">
              {search || status !== 'all'
                ? 'Try another search or status.'
                : 'Applicants appear here once they register.'}
            </p>
          </div>
        ) : (
          <>
            <div
              aria-busy={applicants.isPlaceholderData}
              className={cn('transition-opacity', applicants.isPlaceholderData && 'opacity-60')}
            >
              <ApplicantRows
                label={title ?? 'Applicants'}
                applicants={data.applicants}
                mode={mode}
                selectingId={select.isPending ? select.variables : undefined}
                onEdit={editDialog.show}
                onDelete={deleteDialog.show}
                onSelect={selectApplicant}
              />
            </div>
            <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
              <p role="status" className="text-sm text-muted-foreground">
                {`Showing ${Math.min((page - 1) * limit + 1, data.total)} to ${Math.min(page * limit, data.total)} of ${data.total} results`}
              </p>
              <nav aria-label="Pages of applicants" className="flex gap-2">
                <Button
                  ref={previousRef}
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => goTo(page - 1, page - 1 <= 1 ? nextRef.current : null)}
                >
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  ref={nextRef}
                  variant="outline"
                  size="sm"
                  disabled={page >= totalPages}
                  onClick={() =>
                    goTo(page + 1, page + 1 >= totalPages ? previousRef.current : null)
                  }
                >
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            </div>
          </>
        )}
      </CardContent>

      {mode === 'admin' && (
        <>
          <EditApplicantDialog
            applicant={editDialog.target}
            open={editDialog.open}
            onClose={editDialog.close}
            onCloseAutoFocus={editDialog.onCloseAutoFocus}
          />
          <DeleteApplicantDialog
            applicant={deleteDialog.target}
            open={deleteDialog.open}
            onClose={deleteDialog.close}
            onCloseAutoFocus={deleteDialog.onCloseAutoFocus}
          />
        </>
      )}
    </Card>
  )
}
