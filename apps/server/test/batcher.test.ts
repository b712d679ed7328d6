import { describe, expect, it } from 'vitest'
import { createBatcher } from '../src/lib/batcher.js'

describe('natural batching', () => {
  it('starts a lone call on the next turn, and gathers the calls that arrive meanwhile into the next batch', async () => {
    const batches: number[][] = []
    const batcher = createBatcher<number, number>(async (items) => {
      batches.push(items)
      await new Promise((r) => setTimeout(r, 20))
      return items.map((n) => ({ status: 'fulfilled', value: n * 10 }))
    })
    const first = batcher.add(1)
    await new Promise((r) => setImmediate(r))
    const rest = [2, 3, 4].map((n) => batcher.add(n))
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40])
    expect(batches).toEqual([[1], [2, 3, 4]])
  })

  it('answers each item on its own, caps the batch size, and gives a thrown error to the whole batch', async () => {
    const batches: number[][] = []
    const batcher = createBatcher<number, number>(
      async (items) => {
        batches.push(items)
        if (items.includes(99)) throw new Error('the transaction failed')
        return items.map((n) =>
          n % 2
            ? { status: 'fulfilled', value: n }
            : { status: 'rejected', reason: new Error(`even ${n}`) },
        )
      },
      { maxBatch: 2 },
    )
    const answers = await Promise.allSettled([1, 2, 3, 4, 99].map((n) => batcher.add(n)))
    expect(batches).toEqual([[1, 2], [3, 4], [99]])
    expect(
      answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message)),
    ).toEqual([1, 'even 2', 3, 'even 4', 'the transaction failed'])
  })
})
