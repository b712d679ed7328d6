import {
  APPLICANT_STATUSES,
  APPLICANT_STATUS_LABELS,
  LIMITS,
  type Applicant,
  type ApplicantStatus,
} from '@hackathon/contract'
import { Users } from 'lucide-react'
import { useId, useRef, useState } from 'react'

import { ConfirmSelectDialog } from '@/components/confirm-select-dialog'
import { Pagination } from '@/components/pagination'
import { QueryState } from '@/components/query-state'
import { SearchField } from '@/components/search-field'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { reportSelectFailed, reportSelected } from '@/lib/select-applicant'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { cn } from '@/lib/utils'

import { useApplicants } from '../api/get-applicants'
import { useSelectApplicant } from '../api/select-applicant'
import { useTargetDialog } from '@/lib/use-target-dialog'
import { ApplicantRows, stageName, type ApplicantTableMode } from './applicant-rows'
import { DeleteApplicantDialog } from './delete-applicant-dialog'
import { EditApplicantDialog } from './edit-applicant-dialog'
import { PipelineDialog } from './pipeline-dialog'

export type { ApplicantTableMode } from './applicant-rows'

/** Long enough to finish a word, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300

type StatusFilter = ApplicantStatus | 'all'

export interface ApplicantTableProps {
  /**
   * admin: edit and delete each applicant, and record decisions in their rounds; jury: select
   * submitted applicants. Both read each applicant's rounds.
   */
  mode: ApplicantTableMode
  /** Shown as the card's heading (an h2); without it the page's own heading names the table. */
  title?: string
}

/** docs/product/applicants.md#the-table: search, status filter, pages of 10 and row actions. */
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
  const editDialog = useTargetDialog<Applicant>(searchRef)
  const deleteDialog = useTargetDialog<Applicant>(searchRef)
  const roundsDialog = useTargetDialog<Applicant>(searchRef)
  const selectDialog = useTargetDialog<Applicant>(searchRef)
  const select = useSelectApplicant()
  const ids = { status: useId() }

  const data = applicants.data
  const totalPages = Math.max(1, data?.totalPages ?? 1)
  // After deleting the last row of the last page, that page no longer exists: show the new last.
  if (data && !applicants.isPlaceholderData && page > totalPages) {
    setPaging({ filterKey, page: totalPages })
  }

  function askToSelect(applicant: Applicant, trigger: HTMLElement) {
    if (select.isPending) return
    selectDialog.show(applicant, trigger)
  }

  function selectApplicant(applicant: Applicant, trigger: HTMLElement | null) {
    if (select.isPending) return
    select.mutate(applicant.id, {
      onSuccess: () => {
        reportSelected()
        // The Select button goes with the submitted status; keep focus in the table's controls.
        setTimeout(() => {
          if (!trigger?.isConnected) searchRef.current?.focus()
        })
      },
      onError: reportSelectFailed,
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
          <SearchField
            ref={searchRef}
            label="Search applicants"
            placeholder="Search applicants..."
            value={searchText}
            onValueChange={setSearchText}
          />
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

        <QueryState
          query={applicants}
          loadingLabel="Loading applicants…"
          errorText="The applicants could not be loaded."
          loadingClassName="py-12"
          errorClassName="py-6"
        >
          {(found) =>
            found.total === 0 ? (
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
                    applicants={found.applicants}
                    mode={mode}
                    selectingId={select.isPending ? select.variables : undefined}
                    onEdit={editDialog.show}
                    onDelete={deleteDialog.show}
                    onSelect={askToSelect}
                    onRounds={roundsDialog.show}
                  />
                </div>
                <Pagination
                  label="Pages of applicants"
                  page={page}
                  pageSize={limit}
                  total={found.total}
                  totalPages={totalPages}
                  onPageChange={(nextPage) => setPaging({ filterKey, page: nextPage })}
                />
              </>
            )
          }
        </QueryState>
      </CardContent>

      <PipelineDialog
        applicant={roundsDialog.target}
        open={roundsDialog.open}
        canDecide={mode === 'admin'}
        onClose={roundsDialog.close}
        onCloseAutoFocus={roundsDialog.onCloseAutoFocus}
      />
      {mode === 'jury' && (
        <ConfirmSelectDialog
          target={
            selectDialog.target && {
              name: selectDialog.target.name,
              // A submitted applicant's current stage is the round they submitted to.
              roundName: stageName(selectDialog.target.currentStage),
            }
          }
          open={selectDialog.open}
          onConfirm={() => {
            if (selectDialog.target) selectApplicant(selectDialog.target, selectDialog.trigger())
          }}
          onClose={selectDialog.close}
          onCloseAutoFocus={selectDialog.onCloseAutoFocus}
        />
      )}
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
