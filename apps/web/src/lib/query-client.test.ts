import { describe, expect, it } from 'vitest'

import { createQueryClient } from './query-client'

describe('the query client', () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions()

  it('never treats data as stale and never refetches by itself', () => {
    expect(queries?.staleTime).toBe(Infinity)
    expect(queries?.refetchOnWindowFocus).toBe(false)
    expect(queries?.refetchInterval).toBe(false)
  })

  it('retries neither queries nor mutations', () => {
    expect(queries?.retry).toBe(false)
    expect(mutations?.retry).toBe(false)
  })

  it('has a default query function, so a query needs only its key', () => {
    expect(queries?.queryFn).toBeTypeOf('function')
  })
})
