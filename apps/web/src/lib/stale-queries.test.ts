import { LIVE_TOPIC_QUERIES } from '@hackathon/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'

import { invalidateTopics, staleQueryKeys } from './stale-queries'

describe('the queries a change makes stale', () => {
  it('are what its live topics refresh on every other screen, each once', () => {
    const keys = staleQueryKeys(['applicants', 'activity', 'submissions'])
    const paths = new Set([
      ...LIVE_TOPIC_QUERIES.applicants,
      ...LIVE_TOPIC_QUERIES.activity,
      ...LIVE_TOPIC_QUERIES.submissions,
    ])
    expect(keys).toEqual([...paths].map((path) => [path]))
  })

  it('are invalidated with the caller’s own, as prefixes', async () => {
    const queryClient = new QueryClient()
    const spy = vi.spyOn(queryClient, 'invalidateQueries')
    await invalidateTopics(queryClient, ['activity'], [['/api/submissions']])
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ...LIVE_TOPIC_QUERIES.activity.map((path) => [path]),
      ['/api/submissions'],
    ])
  })
})
