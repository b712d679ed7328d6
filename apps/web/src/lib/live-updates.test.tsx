import { LIVE_TOPIC_QUERIES } from '@hackathon/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { fakeEventSources } from '@/test/fake-event-source'

import {
  ALL_LIVE_QUERIES,
  LIVE_BATCH_MS,
  LIVE_EVENTS_URL,
  LIVE_RETRY_MS,
  connectLiveUpdates,
  useLiveUpdates,
} from './live-updates'

/** Cached queries under every live path and one outside them, as the dashboards hold them. */
const KEYS = [
  ['/api/applicants', { search: '', status: 'all', page: 1, limit: 10 }],
  ['/api/applicants', { search: '', status: 'submitted', page: 1, limit: 50 }],
  ['/api/stage-stats'],
  ['/api/rounds'],
  ['/api/recent-activity'],
  ['/api/dashboard-charts'],
  ['/api/admin/email-settings'],
] as const

function seededClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  for (const key of KEYS) queryClient.setQueryData(key, { cached: true })
  return queryClient
}

/** The cached keys now invalidated, by their path. */
function invalidated(queryClient: QueryClient): string[] {
  return KEYS.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) =>
    key.length > 1 ? `${key[0]} ${JSON.stringify(key[1])}` : key[0],
  )
}

const applicantLists = [
  '/api/applicants {"search":"","status":"all","page":1,"limit":10}',
  '/api/applicants {"search":"","status":"submitted","page":1,"limit":50}',
]

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('connectLiveUpdates', () => {
  it('opens the staff event stream with the session cookie', () => {
    const sources = fakeEventSources()
    connectLiveUpdates(seededClient(), sources)

    expect(sources.instances).toHaveLength(1)
    expect(sources.last().url).toBe(LIVE_EVENTS_URL)
    expect(sources.last().init).toEqual({ withCredentials: true })
  })

  it('invalidates exactly the queries of the topic, as key prefixes, after the batch delay', () => {
    const sources = fakeEventSources()
    const queryClient = seededClient()
    connectLiveUpdates(queryClient, sources)
    sources.last().open()

    sources.last().change({ topic: 'activity' })
    expect(invalidated(queryClient)).toEqual([])
    vi.advanceTimersByTime(LIVE_BATCH_MS)
    expect(invalidated(queryClient)).toEqual(['/api/recent-activity'])

    sources.last().change({ topic: 'applicants' })
    vi.advanceTimersByTime(LIVE_BATCH_MS)
    expect(invalidated(queryClient)).toEqual([
      ...applicantLists,
      '/api/stage-stats',
      '/api/rounds',
      '/api/recent-activity',
      '/api/dashboard-charts',
    ])
  })

  it('batches the events of one moment into one invalidation per query', () => {
    const sources = fakeEventSources()
    const queryClient = seededClient()
    const spy = vi.spyOn(queryClient, 'invalidateQueries')
    connectLiveUpdates(queryClient, sources)
    sources.last().open()

    sources.last().change({ topic: 'applicants' })
    vi.advanceTimersByTime(LIVE_BATCH_MS / 2)
    sources.last().change({ topic: 'submissions' })
    sources.last().change({ topic: 'applicants' })
    sources.last().change({ topic: 'activity' })
    expect(spy).not.toHaveBeenCalled()
    vi.advanceTimersByTime(LIVE_BATCH_MS / 2)

    const paths = spy.mock.calls.map(([filters]) => filters?.queryKey)
    expect(paths).toEqual(
      [
        ...new Set([
          ...LIVE_TOPIC_QUERIES.applicants,
          ...LIVE_TOPIC_QUERIES.submissions,
          '/api/recent-activity',
        ]),
      ].map((path) => [path]),
    )
  })

  it('keeps refreshing during a steady stream of changes instead of waiting for a pause', () => {
    const sources = fakeEventSources()
    const queryClient = seededClient()
    const spy = vi.spyOn(queryClient, 'invalidateQueries')
    connectLiveUpdates(queryClient, sources)

    for (let i = 0; i < 10; i++) {
      sources.last().change({ topic: 'activity' })
      vi.advanceTimersByTime(LIVE_BATCH_MS / 2)
    }
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(4)
  })

  it('ignores events it cannot read and topics it does not know', () => {
    const sources = fakeEventSources()
    const queryClient = seededClient()
    connectLiveUpdates(queryClient, sources)
    sources.last().open()

    sources.last().change('not json')
    sources.last().change({ topic: 'weather' })
    sources.last().change({})
    vi.advanceTimersByTime(LIVE_BATCH_MS)
    expect(invalidated(queryClient)).toEqual([])
  })

  it('refreshes every live query when the stream comes back after a drop, not on the first open', () => {
    const sources = fakeEventSources()
    const queryClient = seededClient()
    connectLiveUpdates(queryClient, sources)
    sources.last().open()
    vi.advanceTimersByTime(LIVE_BATCH_MS)
    expect(invalidated(queryClient)).toEqual([])

    // The browser reconnects by itself: same EventSource, error then open.
    sources.last().fail()
    vi.advanceTimersByTime(LIVE_BATCH_MS)
    expect(invalidated(queryClient)).toEqual([])
    sources.last().open()
    vi.advanceTimersByTime(LIVE_BATCH_MS)

    expect(sources.instances).toHaveLength(1)
    expect(invalidated(queryClient)).toEqual([
      ...applicantLists,
      '/api/stage-stats',
      '/api/rounds',
      '/api/recent-activity',
      '/api/dashboard-charts',
    ])
    expect(new Set(ALL_LIVE_QUERIES)).toEqual(new Set(Object.values(LIVE_TOPIC_QUERIES).flat()))
  })

  it('opens a new stream when the browser gives up on one, waiting longer each time', () => {
    const sources = fakeEventSources()
    const queryClient = seededClient()
    connectLiveUpdates(queryClient, sources)

    sources.last().fail({ gaveUp: true })
    expect(sources.last().closed).toBe(true)
    vi.advanceTimersByTime(LIVE_RETRY_MS.first - 1)
    expect(sources.instances).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(sources.instances).toHaveLength(2)

    sources.last().fail({ gaveUp: true })
    vi.advanceTimersByTime(LIVE_RETRY_MS.first * 2 - 1)
    expect(sources.instances).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(sources.instances).toHaveLength(3)

    // Back: everything missed meanwhile is fetched again, and the wait starts over.
    sources.last().open()
    vi.advanceTimersByTime(LIVE_BATCH_MS)
    expect(invalidated(queryClient)).toHaveLength(6)
    sources.last().fail({ gaveUp: true })
    vi.advanceTimersByTime(LIVE_RETRY_MS.first)
    expect(sources.instances).toHaveLength(4)
  })

  it('stops: closes the stream, drops a pending batch and a pending retry', () => {
    const sources = fakeEventSources()
    const queryClient = seededClient()
    const stop = connectLiveUpdates(queryClient, sources)
    sources.last().change({ topic: 'rounds' })
    stop()
    vi.advanceTimersByTime(LIVE_BATCH_MS)
    expect(sources.last().closed).toBe(true)
    expect(invalidated(queryClient)).toEqual([])

    const again = connectLiveUpdates(queryClient, sources)
    sources.last().fail({ gaveUp: true })
    again()
    vi.advanceTimersByTime(LIVE_RETRY_MS.max)
    expect(sources.instances).toHaveLength(2)
  })
})

describe('useLiveUpdates', () => {
  function wrapper(queryClient: QueryClient) {
    return ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    )
  }

  it('listens while mounted and closes the stream on unmount (sign-out)', () => {
    const sources = fakeEventSources()
    const queryClient = seededClient()
    const { unmount } = renderHook(
      () => useLiveUpdates({ EventSourceImpl: sources.EventSourceImpl }),
      { wrapper: wrapper(queryClient) },
    )
    expect(sources.instances).toHaveLength(1)

    act(() => {
      sources.last().change({ topic: 'activity' })
      vi.advanceTimersByTime(LIVE_BATCH_MS)
    })
    expect(invalidated(queryClient)).toEqual(['/api/recent-activity'])

    unmount()
    expect(sources.last().closed).toBe(true)
  })

  it('opens nothing when disabled, and closes when it becomes disabled', () => {
    const sources = fakeEventSources()
    const { rerender } = renderHook(
      ({ enabled }) => useLiveUpdates({ enabled, EventSourceImpl: sources.EventSourceImpl }),
      { wrapper: wrapper(seededClient()), initialProps: { enabled: false } },
    )
    expect(sources.instances).toHaveLength(0)

    rerender({ enabled: true })
    expect(sources.instances).toHaveLength(1)
    rerender({ enabled: false })
    expect(sources.last().closed).toBe(true)
  })

  it('uses the browser’s EventSource by default, and does nothing where there is none', () => {
    const sources = fakeEventSources()
    vi.stubGlobal('EventSource', sources.EventSourceImpl)
    const first = renderHook(() => useLiveUpdates(), { wrapper: wrapper(seededClient()) })
    expect(sources.last().url).toBe(LIVE_EVENTS_URL)
    first.unmount()

    vi.stubGlobal('EventSource', undefined)
    expect(() =>
      renderHook(() => useLiveUpdates(), { wrapper: wrapper(seededClient()) }),
    ).not.toThrow()
  })
})
