/**
 * Issue 21, item 7: on the embedded database (one connection, run on the same thread as the
 * requests) a backlog of background jobs must leave requests a share of the time, rather than
 * drain at full speed while staff pages wait (120 s for the staff list during an email retry
 * burst). docs/decisions/023-embedded-lock-start-and-memory.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, type Database } from '../src/db/client.js'
import { JobQueue } from '../src/jobs/queue.js'
import { eventually } from './support/eventually.js'

/** Keeps the thread busy for `ms`, as a job's own queries on PGlite do. */
function busy(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until);
}

describe('background jobs on the embedded database', () => {
  let database: Database
  let jobs: JobQueue
  beforeAll(async () => {
    database = await openPglite()
    jobs = await JobQueue.start(database, () => {})
  })
  afterAll(async () => {
    await jobs.stop()
    await database.close()
  })

  it('drain a backlog taking at most about half of the time, leaving the rest to requests', async () => {
    const queue = 'test.share'
    await jobs.createQueue(queue)
    const count = 60
    await database.db.transaction(async (tx) =>
      jobs.sendMany(
        tx,
        queue,
        Array.from({ length: count }, (_, i) => ({ i })),
      ),
    )
    let busyMs = 0
    let done = 0
    let first = 0
    let last = 0
    await jobs.workEach<{ i: number }>(
      queue,
      { pollingIntervalSeconds: 0.5, batchSize: 6 },
      async () => {
        const started = performance.now()
        if (!first) first = started
        busy(25)
        busyMs += performance.now() - started
        last = performance.now()
        done++
      },
    )
    await eventually(() => done === count || undefined, 'the backlog to drain', 60_000)
    const share = busyMs / (last - first)
    // Full speed is close to 1 (the jobs' own work, then the next batch at once).
    expect(share).toBeLessThan(0.7)
    expect(share).toBeGreaterThan(0.2)
  }, 90_000)
})
