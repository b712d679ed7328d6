import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
