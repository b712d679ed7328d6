import type { UseQueryResult } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { QueryState, type QueryStateProps } from './query-state'

type Query = UseQueryResult<{ name: string }>

/** The parts of a query result QueryState reads. */
function query(state: Partial<Query>): Query {
  return {
    data: undefined,
    error: null,
    isError: false,
    isFetching: false,
    refetch: vi.fn(),
    ...state,
  } as unknown as Query
}

const pending = () => query({ isFetching: true })
const failed = (data?: { name: string }) =>
  query({ data, isError: true, error: new TypeError('Failed to fetch') })

function renderState(q: Query, props: Partial<QueryStateProps<{ name: string }>> = {}) {
  return render(
    <QueryState
      query={q}
      loadingLabel="Loading the thing…"
      errorText="The thing could not be loaded."
      {...props}
    >
      {(data) => <p>Hello {data.name}</p>}
    </QueryState>,
  )
}

describe('QueryState', () => {
  it('reads out its label while the first answer is on its way', () => {
    renderState(pending())
    expect(screen.getByRole('status').textContent).toBe('Loading the thing…')
  })

  it('says the call failed, in its own words when the server gives none, with Try again', () => {
    const q = failed()
    renderState(q)
    expect(screen.getByRole('alert').textContent).toBe('The thing could not be loaded.Try again')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(q.refetch).toHaveBeenCalledOnce()
  })

  it('keeps the data under the error of a refresh that failed, or alone when told to', () => {
    const { unmount } = renderState(failed({ name: 'Ada' }))
    expect(screen.getByRole('alert')).toBeTruthy()
    expect(screen.getByText('Hello Ada')).toBeTruthy()
    unmount()

    renderState(failed({ name: 'Ada' }), { refreshError: 'none' })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('Hello Ada')).toBeTruthy()
  })

  it('lets a screen frame the wait and the failure its own way', () => {
    const { unmount } = renderState(pending(), {
      renderLoading: (spinner) => (
        <section aria-label="Greeting">
          <h1>Welcome!</h1>
          {spinner}
        </section>
      ),
    })
    expect(screen.getByRole('heading', { name: 'Welcome!' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Loading the thing…')
    unmount()

    const q = failed()
    renderState(q, {
      renderError: ({ retry, retrying }) => (
        <button type="button" aria-disabled={retrying} onClick={retry}>
          Reload everything
        </button>
      ),
    })
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Reload everything' }))
    expect(q.refetch).toHaveBeenCalledOnce()
  })
})
