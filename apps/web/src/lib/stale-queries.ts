import { LIVE_TOPIC_QUERIES, type LiveTopic } from '@hackathon/contract'
import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * The queries a change makes stale, from the contract's one map (LIVE_TOPIC_QUERIES): a mutation
 * names the live topics its change touches (the tables it writes, which the server announces to
 * every other screen), and refreshes on its own screen exactly what those topics refresh
 * everywhere else. A query key is its GET path (docs/product/api.md#how-the-web-app-calls), so
 * `[path]` prefixes every key under it, whichever feature builds it.
 */
export function staleQueryKeys(topics: readonly LiveTopic[]): QueryKey[] {
  return [...new Set(topics.flatMap((topic) => LIVE_TOPIC_QUERIES[topic]))].map((path) => [path])
}

/**
 * Invalidates what a change of `topics` makes stale, and `also` (queries of the caller's own that
 * no topic lists). Returned, so a mutation can stay pending until the lists are fresh.
 */
export function invalidateTopics(
  queryClient: QueryClient,
  topics: readonly LiveTopic[],
  also: readonly QueryKey[] = [],
): Promise<unknown> {
  return Promise.all(
    [...staleQueryKeys(topics), ...also].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )
}
