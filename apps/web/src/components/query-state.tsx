import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { LoadError } from '@/components/load-error'
import { Spinner } from '@/components/ui/spinner'

export interface QueryStateProps<T> {
  query: UseQueryResult<T>
  /** Read out while the first answer is on its way, e.g. 'Loading recent activity…'. */
  loadingLabel: string
  /** Said when the call fails without a message of its own. */
  errorText: string
  children: (data: T) => ReactNode
}

/**
 * A section's data: a spinner until the first answer, the error with Try again when
 * there is none, else the data. A live refresh that fails keeps the last data on screen, with
 * the error above it, rather than blanking a section that was fine a moment ago.
 */
export function QueryState<T>({ query, loadingLabel, errorText, children }: QueryStateProps<T>) {
  const retry = () => void query.refetch()
  if (query.data !== undefined) {
    return (
      <>
        {query.isError && (
          <LoadError error={query.error} fallback={errorText} onRetry={retry} className="mb-4" />
        )}
        {children(query.data)}
      </>
    )
  }
  if (query.isError) {
    return <LoadError error={query.error} fallback={errorText} onRetry={retry} className="py-2" />
  }
  return (
    <div className="grid place-items-center py-8">
      <Spinner label={loadingLabel} />
    </div>
  )
}
