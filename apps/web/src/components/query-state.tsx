import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { LoadError } from '@/components/load-error'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'

/** A first answer that failed, for a screen that draws the failure its own way (renderError). */
export interface QueryFailure {
  /** The shared error: the message (or errorText) with Try again, as a role="alert" block. */
  alert: ReactNode
  error: unknown
  retry: () => void
  /** True while the retry is on its way. */
  retrying: boolean
}

export interface QueryStateProps<T> {
  query: UseQueryResult<T>
  /** Read out while the first answer is on its way, e.g. 'Loading recent activity…'. */
  loadingLabel: string
  /** Said when the call fails without a message of its own. */
  errorText: string
  children: (data: T) => ReactNode
  /** Classes for the box around the spinner, e.g. more room on a page than in a card. */
  loadingClassName?: string
  /** Classes for the error shown in place of the data. */
  errorClassName?: string
  /** The wait around the spinner, e.g. a greeting that needs no data (default: the spinner). */
  renderLoading?: (spinner: ReactNode) => ReactNode
  /**
   * A first answer that failed: `alert` inside a frame of the screen's own (a card, the page's
   * title), or something else altogether, such as a page with other ways on. Default: `alert`.
   */
  renderError?: (failure: QueryFailure) => ReactNode
  /**
   * A refresh that failed while data is on screen: 'above' shows the error with Try again above
   * the data; 'none' keeps the data alone, for a part whose neighbour on the same query already
   * says it. Default 'above'.
   */
  refreshError?: 'above' | 'none'
}

/**
 * A section's data: a spinner until the first answer, the error with Try again when
 * there is none, else the data. A live refresh that fails keeps the last data on screen, with
 * the error above it, rather than blanking a section that was fine a moment ago.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  errorText,
  children,
  loadingClassName,
  errorClassName,
  renderLoading,
  renderError,
  refreshError = 'above',
}: QueryStateProps<T>) {
  const retry = () => void query.refetch()
  if (query.data !== undefined) {
    return (
      <>
        {query.isError && refreshError === 'above' && (
          <LoadError error={query.error} fallback={errorText} onRetry={retry} className="mb-4" />
        )}
        {children(query.data)}
      </>
    )
  }
  if (query.isError) {
    const alert = (
      <LoadError
        error={query.error}
        fallback={errorText}
        onRetry={retry}
        className={cn('py-2', errorClassName)}
      />
    )
    if (!renderError) return alert
    return renderError({ alert, error: query.error, retry, retrying: query.isFetching })
  }
  const spinner = (
    <div className={cn('grid place-items-center py-8', loadingClassName)}>
      <Spinner label={loadingLabel} />
    </div>
  )
  return renderLoading ? renderLoading(spinner) : spinner
}
