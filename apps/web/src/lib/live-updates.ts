import { LIVE_TOPICS, LIVE_TOPIC_QUERIES, liveEvent, type LiveTopic } from '@hackathon/contract'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

/** The staff event stream (packages/contract dashboard.ts): `event: change`, `data: {"topic"}`. */
export const LIVE_EVENTS_URL = '/api/events'

/** Events that arrive this close together cost one refetch of each query, not one each. */
export const LIVE_BATCH_MS = 100

/**
 * When the stream is refused outright, the browser gives up on it; we open a new one after this
 * long, doubling up to the maximum, so a restart behind a proxy (502 for a few seconds) heals.
 */
export const LIVE_RETRY_MS = { first: 2_000, max: 60_000 } as const

/** EventSource.CLOSED: the browser will not reconnect by itself. */
const CLOSED = 2

/** Every query some topic makes stale: what a reconnection refreshes, since events were missed. */
export const ALL_LIVE_QUERIES: readonly string[] = [
  ...new Set(LIVE_TOPICS.flatMap((topic) => LIVE_TOPIC_QUERIES[topic])),
]

export type EventSourceConstructor = new (url: string, init?: EventSourceInit) => EventSource

export interface LiveUpdatesOptions {
  EventSourceImpl: EventSourceConstructor
  batchMs?: number
  retryMs?: { first: number; max: number }
}

function topicOf(event: Event): LiveTopic | undefined {
  if (!(typeof (event as MessageEvent).data === 'string')) return undefined
  try {
    const parsed = liveEvent.safeParse(JSON.parse((event as MessageEvent<string>).data))
    // A topic this client does not know yet (a newer server) changes nothing it shows.
    return parsed.success ? parsed.data.topic : undefined
  } catch {
    return undefined
  }
}

/**
 * Opens the event stream and invalidates exactly the queries each change makes stale (a query
 * key is its GET path, so `[path]` is a prefix of every key under it). EventSource reconnects
 * a dropped stream by itself; after any interruption, the next open refreshes every live query,
 * because the changes made meanwhile were never heard. Returns the way to stop.
 */
export function connectLiveUpdates(
  queryClient: QueryClient,
  { EventSourceImpl, batchMs = LIVE_BATCH_MS, retryMs = LIVE_RETRY_MS }: LiveUpdatesOptions,
): () => void {
  const stalePaths = new Set<string>()
  let flushTimer: ReturnType<typeof setTimeout> | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let retryDelay = retryMs.first
  let interrupted = false
  let source: EventSource | undefined

  function flush() {
    flushTimer = undefined
    const paths = [...stalePaths]
    stalePaths.clear()
    for (const path of paths) void queryClient.invalidateQueries({ queryKey: [path] })
  }

  function markStale(paths: readonly string[]) {
    for (const path of paths) stalePaths.add(path)
    // Not pushed back by later events: a steady stream of changes still refreshes every batchMs.
    flushTimer ??= setTimeout(flush, batchMs)
  }

  function open() {
    retryTimer = undefined
    const current = new EventSourceImpl(LIVE_EVENTS_URL, { withCredentials: true })
    source = current
    current.addEventListener('open', () => {
      retryDelay = retryMs.first
      if (interrupted) {
        interrupted = false
        markStale(ALL_LIVE_QUERIES)
      }
    })
    current.addEventListener('change', (event) => {
      const topic = topicOf(event)
      if (topic) markStale(LIVE_TOPIC_QUERIES[topic])
    })
    current.addEventListener('error', () => {
      interrupted = true
      if (current.readyState !== CLOSED) return
      current.close()
      retryTimer = setTimeout(open, retryDelay)
      retryDelay = Math.min(retryDelay * 2, retryMs.max)
    })
  }

  open()
  return () => {
    clearTimeout(flushTimer)
    clearTimeout(retryTimer)
    source?.close()
  }
}

/**
 * Keeps the staff screens live (issue 9): every change anywhere refreshes the queries it affects
 * within a moment, with no polling. Mounted once, in the signed-in shell; closed when the shell
 * goes (sign-out) or `enabled` turns false. A browser without EventSource simply stays static.
 */
export function useLiveUpdates({
  enabled = true,
  EventSourceImpl = globalThis.EventSource as EventSourceConstructor | undefined,
}: { enabled?: boolean; EventSourceImpl?: EventSourceConstructor } = {}): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled || !EventSourceImpl) return
    return connectLiveUpdates(queryClient, { EventSourceImpl })
  }, [enabled, EventSourceImpl, queryClient])
}
