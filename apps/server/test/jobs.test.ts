import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { rowsOf } from '../src/db/client.js'
import { activity } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { eventually } from './support/eventually.js'

describe('job queue', () => {
  let ctx: TestContext
  const seen: string[] = []
  const queue = 'test.transactional'

  beforeAll(async () => {
    ctx = await createTestContext()
    await ctx.jobs.createQueue(queue)
    await ctx.jobs.work<{ marker: string }>(
      queue,
      { pollingIntervalSeconds: 0.5 },
      async (jobs) => {
        for (const job of jobs) seen.push(job.data.marker)
      },
    )
  })
  afterAll(() => ctx.close())

  it('runs a job enqueued in a committed transaction exactly once, and never one from a rolled-back transaction', async () => {
    const rolledBack = randomUUID()
    const committed = randomUUID()

    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx
          .insert(activity)
          .values({ type: 'registration', name: 'Rolled Back', action: 'registered' })
        await ctx.jobs.send(tx, queue, { marker: rolledBack })
        throw new Error('abort the transaction')
      }),
    ).rejects.toThrow('abort the transaction')

    await ctx.database.db.transaction(async (tx) => {
      await tx
        .insert(activity)
        .values({ type: 'registration', name: 'Committed', action: 'registered' })
      await ctx.jobs.send(tx, queue, { marker: committed })
    })

    await eventually(
      () => (seen.includes(committed) ? true : undefined),
      'the committed job to run',
    )
    // Several polling rounds later, the committed job has still run once and the other never.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(seen.filter((marker) => marker === committed)).toHaveLength(1)
    expect(seen).not.toContain(rolledBack)
    const names = (await ctx.database.db.select({ name: activity.name }).from(activity)).map(
      (row) => row.name,
    )
    expect(names).toEqual(['Committed'])
  })
})

describe('batched workers (workEach)', () => {
  let ctx: TestContext
  const calls = new Map<string, number>()
  const batches: number[] = []
  const queue = 'test.batched'

  beforeAll(async () => {
    ctx = await createTestContext()
    await ctx.jobs.createQueue(queue, { retryLimit: 2, retryDelay: 1 })
  })
  afterAll(() => ctx.close())

  it('drains a backlog in full batches without waiting a polling interval, and retries only the job that failed', async () => {
    const markers = ['fails-once', ...Array.from({ length: 24 }, (_, i) => `job-${i}`)]
    await ctx.database.db.transaction(async (tx) => {
      await ctx.jobs.sendMany(
        tx,
        queue,
        markers.map((marker) => ({ marker })),
      )
    })
    // The worker starts on a backlog: its first fetch is full, and only the burst that follows a
    // full batch (not the 60 s polling interval) can drain the rest in time.
    await ctx.jobs.workBatches<{ marker: string }>(
      queue,
      { pollingIntervalSeconds: 60, batchSize: 10 },
      (jobs) => {
        batches.push(jobs.length)
        return Promise.allSettled(
          jobs.map(async (job) => {
            const n = (calls.get(job.data.marker) ?? 0) + 1
            calls.set(job.data.marker, n)
            if (job.data.marker === 'fails-once' && n === 1) throw new Error('first try fails')
          }),
        )
      },
    )
    await eventually(
      () => (markers.every((m) => calls.has(m)) ? true : undefined),
      'every job of the backlog to run',
      20_000,
    )
    expect(Math.max(...batches)).toBe(10)
    expect(markers.filter((m) => m !== 'fails-once').every((m) => calls.get(m) === 1)).toBe(true)
    // The failed job alone waits for a retry; its batch-mates are done.
    const states = await eventually(async () => {
      const rows = await rowsOf<{ marker: string; state: string }>(
        ctx.database.db,
        sql`select data->>'marker' as marker, state from pgboss.job where name = ${queue}`,
      )
      return rows.every((r) => r.state !== 'active') ? rows : undefined
    }, 'the batch to settle')
    expect(states.filter((r) => r.state === 'retry').map((r) => r.marker)).toEqual(['fails-once'])
    expect(states.filter((r) => r.state === 'completed')).toHaveLength(24)
  }, 30_000)
})
