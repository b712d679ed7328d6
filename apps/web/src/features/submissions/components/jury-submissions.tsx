import { LIMITS, type StaffSubmission } from '@hackathon/contract'
import { FolderGit2 } from 'lucide-react'
import { useId, useMemo, useState, type ReactNode } from 'react'

import { Pagination } from '@/components/pagination'
import { errorInCard } from '@/components/query-error-card'
import { QueryState } from '@/components/query-state'
import { SearchField } from '@/components/search-field'
import { Card, CardContent } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { viewerTimeZone } from '@/lib/date-time'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { cn } from '@/lib/utils'

import { useRounds } from '../api/get-rounds'
import { useSubmissions } from '../api/get-submissions'
import { StaffSubmissionCard } from './staff-submission-card'

/** Long enough to finish a word, short enough to feel live; the applicant table's pace. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * The applicant table's page size (docs/product/applicants.md#the-table), so both lists page alike.
 */
const PAGE_SIZE = LIMITS.applicantPageSize

export interface JurySubmissionsProps {
  /** What each card offers beyond the work itself, e.g. the jury member's review. */
  renderActions?: (submission: StaffSubmission) => ReactNode
}

/** The submitted work, filtered by round and by who submitted it. */
export function JurySubmissions({ renderActions }: JurySubmissionsProps = {}) {
  const [searchText, setSearchText] = useState('')
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [roundId, setRoundId] = useState('')
  // The page belongs to the filters it was chosen under: a new search or round starts at 1.
  const filterKey = JSON.stringify([search, roundId])
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const page = paging.filterKey === filterKey ? paging.page : 1

  const submissions = useSubmissions({ roundId, search, page, limit: PAGE_SIZE })
  const rounds = useRounds()
  const ids = { round: useId(), list: useId() }
  /** Per round, the requirements it asks for now, to mark older answers to removed ones. */
  const requirementsByRound = useMemo(
    () =>
      new Map(
        (rounds.data?.rounds ?? []).map((round) => [
          round.id,
          new Set(round.requirements.map((r) => r.id)),
        ]),
      ),
    [rounds.data],
  )

  const totalPages = Math.max(1, submissions.data?.totalPages ?? 1)

  return (
    <div className="grid min-w-0 gap-4">
      <Card>
        <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row">
          <SearchField
            label="Search by applicant name or registration ID"
            placeholder="Search by name or registration ID..."
            value={searchText}
            onValueChange={setSearchText}
          />
          <div className="sm:w-64">
            <Label htmlFor={ids.round} className="sr-only">
              Filter by round
            </Label>
            <NativeSelect
              id={ids.round}
              value={roundId}
              onChange={(event) => setRoundId(event.target.value)}
            >
              <option value="">All Rounds</option>
              {rounds.data?.rounds.map((round) => (
                <option key={round.id} value={round.id}>
                  {round.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        </CardContent>
      </Card>

      <QueryState
        query={submissions}
        loadingLabel="Loading submissions…"
        errorText="The submissions could not be loaded."
        loadingClassName="py-12"
        errorClassName="py-0"
        renderError={errorInCard}
      >
        {(data) =>
          data.total === 0 ? (
            <Card>
              <CardContent
                role="status"
                className="grid justify-items-center gap-2 py-12 text-center"
              >
                <FolderGit2 aria-hidden="true" className="size-10 text-muted-foreground" />
                <p className="font-medium">No submissions found</p>
                <p className="text-sm text-muted-foreground">
                  {search || roundId
                    ? 'Try another search or round.'
                    : 'Submissions appear here once applicants send their work.'}
                </p>
              </CardContent>
            </Card>
          ) : (
            <>
              <p className="text-sm text-muted-foreground">
                Times are shown in your time zone ({viewerTimeZone()}).
              </p>
              <div
                aria-busy={submissions.isPlaceholderData}
                className={cn('transition-opacity', submissions.isPlaceholderData && 'opacity-60')}
              >
                <h2 id={ids.list} className="sr-only">
                  Submissions on this page
                </h2>
                <ul aria-labelledby={ids.list} className="grid gap-4">
                  {data.submissions.map((submission) => (
                    <li key={submission.id}>
                      <StaffSubmissionCard
                        submission={submission}
                        currentRequirementIds={requirementsByRound.get(submission.round.id)}
                        actions={renderActions?.(submission)}
                      />
                    </li>
                  ))}
                </ul>
              </div>
              <Pagination
                label="Pages of submissions"
                page={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                totalPages={totalPages}
                onPageChange={(nextPage) => setPaging({ filterKey, page: nextPage })}
              />
            </>
          )
        }
      </QueryState>
    </div>
  )
}
