import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSnapshotCache } from '../src/lib/snapshot-cache.js'

function setup(minAgeMs = 1000, extra: { maxEntries?: number; maxAgeMs?: number } = {}) {
  let clock = 0
  const announced: string[][] = []
  const cache = createSnapshotCache({
    minAgeMs,
    ...extra,
    now: () => clock,
    announce: (topics) => announced.push([...topics]),
  })
  let runs = 0
  const count = () => cache.get('total', ['applicants'], async () => ++runs)
  return {
    cache,
    count,
    announced,
    runs: () => runs,
    tick: (ms: number) => {
      clock += ms
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms)
    },
  }
}

describe('the snapshot cache of list totals and dashboard figures', () => {
  afterEach(() => vi.useRealTimers())

  it('computes a figure once for requests that arrive together, and reuses it until its tables change', async () => {
    const { cache, count, runs } = setup()
    expect(await Promise.all([count(), count(), count()])).toEqual([1, 1, 1])
    expect(runs()).toBe(1)
    cache.invalidate(['activity'])
    expect(await count()).toBe(1)
    expect(runs()).toBe(1)
  })

  it('recounts a changed figure at most once per refresh interval, and announces its topics when it may be recounted', async () => {
    vi.useFakeTimers()
    const { cache, count, announced, tick } = setup(1000)
    await count()
    tick(300)
    cache.invalidate(['applicants'])
    // Younger than the interval: the stale figure is served, and a refresh is announced for later.
    expect(await count()).toBe(1)
    expect(await count()).toBe(1)
    expect(announced).toEqual([])
    tick(700)
    expect(announced).toEqual([['applicants']])
    expect(await count()).toBe(2)
  })

  it('recounts at once with an interval of 0 (the tests of every other module run so)', async () => {
    const { cache, count } = setup(0)
    await count()
    cache.invalidate(['applicants'])
    expect(await count()).toBe(2)
  })

  it('forgets everything when a staff member changes something, including a count that was running', async () => {
    const { cache } = setup()
    let release!: (n: number) => void
    const slow = cache.get('total', ['applicants'], () => new Promise<number>((r) => (release = r)))
    cache.clear()
    release(1)
    expect(await slow).toBe(1)
    // The count that overlapped the change is not kept: the next request counts again.
    expect(await cache.get('total', ['applicants'], async () => 2)).toBe(2)
  })

  it('keeps a count that overlapped a change as stale, so it is recounted once the interval allows', async () => {
    const { cache, tick } = setup(1000)
    let release!: (n: number) => void
    const first = cache.get(
      'total',
      ['applicants'],
      () => new Promise<number>((r) => (release = r)),
    )
    cache.invalidate(['applicants'])
    release(1)
    await first
    tick(1000)
    expect(await cache.get('total', ['applicants'], async () => 2)).toBe(2)
  })

  it('recounts even an unchanged figure after its maximum age, and keeps at most maxEntries figures', async () => {
    const { cache, count, tick } = setup(1000, { maxAgeMs: 5000, maxEntries: 2 })
    await count()
    tick(5000)
    expect(await count()).toBe(2)
    await cache.get('a', ['rounds'], async () => 'a')
    await cache.get('b', ['rounds'], async () => 'b')
    // 'total' was the oldest entry: evicted, so it is computed again.
    expect(await count()).toBe(3)
  })
})
