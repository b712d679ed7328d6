import { LIMITS } from '@hackathon/contract'
import { ChevronLeft, ChevronRight, FolderGit2, RotateCw, Search } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Input, NativeSelect } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { viewerTimeZone } from '@/lib/date-time'
import { errorMessage } from '@/lib/error-message'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { cn } from '@/lib/utils'

import { useRounds } from '../api/get-rounds'
import { useSubmissions } from '../api/get-submissions'
import { SubmissionCard } from './submission-card'

/** Long enough to finish a word, short enough to feel live; the applicant table's pace. */
export const SEARCH_DEBOUNCE_MS = 300

/** The applicant table's page size (SPEC.md section 9), so both lists page alike. */
const PAGE_SIZE = LIMITS.applicantPageSize

/** The submitted work, filtered by round and by who submitted it. */
export function JurySubmissions() {
  const [searchText, setSearchText] = useState('')
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [roundId, setRoundId] = useState('')
  // The page belongs to the filters it was chosen under: a new search or round starts at 1.
  const filterKey = JSON.stringify([search, roundId])
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const page = paging.filterKey === filterKey ? paging.page : 1

  const submissions = useSubmissions({ roundId, search, page, limit: PAGE_SIZE })
  const rounds = useRounds()
  const previousRef = useRef<HTMLButtonElement>(null)
  const nextRef = useRef<HTMLButtonElement>(null)
  const ids = { search: useId(), round: useId(), list: useId() }

  const data = submissions.data
  const totalPages = Math.max(1, data?.totalPages ?? 1)

  // The applicant table uses flushSync for this; importing react-dom here would split it into a
  // chunk of its own that the landing page then preloads. An effect after the page changes does
  // the same: when the pressed button has just become disabled, the other one takes focus.
  const focusAfterPaging = useRef<HTMLButtonElement | null>(null)
  useEffect(() => {
    focusAfterPaging.current?.focus()
    focusAfterPaging.current = null
  }, [page])

  function goTo(nextPage: number, moveFocusTo: HTMLButtonElement | null) {
    focusAfterPaging.current = moveFocusTo
    setPaging({ filterKey, page: nextPage })
  }

  return (
    <div className="grid min-w-0 gap-4">
      <Card>
        <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row">
          <div className="relative flex-1">
            <Label htmlFor={ids.search} className="sr-only">
              Search by applicant name or registration ID
            </Label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={ids.search}
              type="search"
              placeholder="Search by name or registration ID..."
              autoComplete="off"
              spellCheck={false}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              className="pl-9"
            />
          </div>
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

      {submissions.isError ? (
        <Card>
          <CardContent role="alert" className="grid justify-items-start gap-3 pt-6 text-sm">
            <p>{errorMessage(submissions.error, 'The submissions could not be loaded.')}</p>
            <Button variant="outline" size="sm" onClick={() => void submissions.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : !data ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading submissions…" />
        </div>
      ) : data.total === 0 ? (
        <Card>
          <CardContent role="status" className="grid justify-items-center gap-2 py-12 text-center">
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
                  <SubmissionCard submission={submission} />
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
            <p role="status" className="text-sm text-muted-foreground">
              {`Showing ${Math.min((page - 1) * PAGE_SIZE + 1, data.total)} to ${Math.min(page * PAGE_SIZE, data.total)} of ${data.total} results`}
            </p>
            <nav aria-label="Pages of submissions" className="flex gap-2">
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
                onClick={() => goTo(page + 1, page + 1 >= totalPages ? previousRef.current : null)}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          </div>
        </>
      )}
    </div>
  )
}
