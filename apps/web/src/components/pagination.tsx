import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useRef } from 'react'

import { Button } from '@/components/ui/button'

export interface PaginationProps {
  /** The navigation's accessible name, e.g. 'Pages of applicants'. */
  label: string
  /** The page shown, from 1. */
  page: number
  pageSize: number
  /** How many results there are on all pages together. */
  total: number
  /** At least 1. */
  totalPages: number
  onPageChange: (page: number) => void
}

/** 'Showing X to Y of N results', announced as it changes, with Previous and Next. */
export function Pagination({
  label,
  page,
  pageSize,
  total,
  totalPages,
  onPageChange,
}: PaginationProps) {
  const previousRef = useRef<HTMLButtonElement>(null)
  const nextRef = useRef<HTMLButtonElement>(null)

  // flushSync would move focus at once, but importing react-dom here would split it into a chunk
  // of its own that the landing page then preloads. An effect after the page changes does the
  // same: when the pressed button has just become disabled, the other one takes focus.
  const focusAfterPaging = useRef<HTMLButtonElement | null>(null)
  useEffect(() => {
    focusAfterPaging.current?.focus()
    focusAfterPaging.current = null
  }, [page])

  function goTo(nextPage: number, moveFocusTo: HTMLButtonElement | null) {
    focusAfterPaging.current = moveFocusTo
    onPageChange(nextPage)
  }

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p role="status" className="text-sm text-muted-foreground">
        {`Showing ${Math.min((page - 1) * pageSize + 1, total)} to ${Math.min(page * pageSize, total)} of ${total} results`}
      </p>
      <nav aria-label={label} className="flex gap-2">
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
  )
}
