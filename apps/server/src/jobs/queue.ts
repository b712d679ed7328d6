import { sql, type SQL } from 'drizzle-orm'
import {
  PgBoss,
  fromDrizzle,
  type Job,
  type Queue,
  type SendOptions,
  type WorkOptions,
} from 'pg-boss'
import { rowsOf, type Database, type Db } from '../db/client.js'

/** pg-boss's view of a Drizzle transaction (both drivers answer `execute` with `{ rows }`). */
const inTransaction = (tx: Db) =>
  fromDrizzle({ execute: async (query) => ({ rows: await rowsOf(tx, query as SQL) }) }, sql)

export type QueueOptions = Omit<Queue, 'name'>
export type JobHandler<T> = (jobs: Job<T>[]) => Promise<unknown>

/**
 * The Postgres-backed job queue (pg-boss; docs/decisions/002-job-queue.md). A job is sent with the
 * transaction that causes it, so it exists exactly when that change was committed: a rollback
 * leaves no job, and a crash after the commit loses none.
 */
/** The longest an embedded worker rests after a batch (docs/decisions/023-embedded-lock-start-and-memory.md). */
const MAX_REST_MS = 5_000

export class JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    /** On PGlite jobs share one connection and the thread with requests: they rest after each batch. */
    private readonly restAfterBatches = false,
  ) {}

  static async start(database: Database, onError: (error: Error) => void): Promise<JobQueue> {
    const boss = new PgBoss({
      ...database.jobOptions,
      schema: 'pgboss',
      // Maintenance and monitoring every minute are ample for email and deadline jobs.
      superviseIntervalSeconds: 60,
    })
    boss.on('error', onError)
    await boss.start()
    return new JobQueue(boss, database.driver === 'pglite')
  }

  /** Declares a queue; safe to call at every start and from every instance. */
  async createQueue(name: string, options: QueueOptions = {}): Promise<void> {
    await this.boss.createQueue(name, options)
    // pg-boss looks a queue up in its cache before every send and, on a miss, asks the database
    // on its own connection. Inside a transaction on PGlite (one connection) that question waits
    // for the transaction, which waits for it: the first send to a new queue hung forever. An
    // empty insert now, outside any transaction, puts the queue in the cache.
    await this.boss.insert(name, [])
  }

  /** Enqueues inside `tx`, so the job commits or rolls back with the change that caused it. */
  async send<T extends object>(
    tx: Db,
    name: string,
    data: T,
    options: SendOptions = {},
  ): Promise<string> {
    const id = await this.boss.send(name, data, { ...options, db: inTransaction(tx) })
    if (id === null) throw new Error(`The job queue refused a job for ${name}`)
    return id
  }

  /**
   * Enqueues inside `tx` unless the queue's policy already holds a job with the same singletonKey
   * (a coalesced job: the one queued does the work for both). False when it was coalesced.
   */
  async sendCoalesced<T extends object>(
    tx: Db,
    name: string,
    data: T,
    options: SendOptions & { singletonKey: string },
  ): Promise<boolean> {
    return (await this.boss.send(name, data, { ...options, db: inTransaction(tx) })) !== null
  }

  /** Enqueues many jobs of one queue in one statement inside `tx` (bulk uploads). */
  async sendMany<T extends object>(
    tx: Db,
    name: string,
    data: T[],
    options: { priority?: number; expireInSeconds?: number } = {},
  ): Promise<void> {
    if (data.length === 0) return
    await this.boss.insert(
      name,
      data.map((d) => ({ data: d, ...options })),
      { db: inTransaction(tx) },
    )
  }

  async work<T>(name: string, options: WorkOptions, handler: JobHandler<T>): Promise<string> {
    return this.boss.work<T>(name, options, handler)
  }

  /**
   * Works through a queue up to `batchSize` jobs at a time, all of a batch at once, each settled on
   * its own (a failure retries only that job). While fetches come back full it fetches again at
   * once, so a backlog drains at the speed of the handler rather than one job per polling interval
   * (issue 12: 20 sign-in codes took 18 s to leave with one job per 2 s poll).
   */
  async workBatches<T>(
    name: string,
    options: { pollingIntervalSeconds: number; batchSize: number },
    handler: (jobs: Job<T>[]) => Promise<PromiseSettledResult<unknown>[]>,
  ): Promise<string> {
    let rested = 0
    return this.boss.work<T>(
      name,
      { ...options, burstWhenBatchFull: true, perJobResults: true },
      async (jobs) => {
        // On PGlite a backlog (an email retry burst after a 30,000-row selection) drained at full
        // speed left requests waiting minutes (issue 21): the worker rests as long as its batch
        // took, its fetch included, so jobs take at most about half of the time.
        const started = performance.now()
        const cycle = started - rested < 1_000 ? rested : started
        const settled = await handler(jobs)
        if (this.restAfterBatches) {
          const rest = Math.min(performance.now() - cycle, MAX_REST_MS)
          await new Promise((resolve) => setTimeout(resolve, rest))
          rested = performance.now()
        }
        return jobs.map((job, i) => {
          const outcome = settled[i]
          return outcome?.status === 'fulfilled'
            ? { id: job.id, status: 'completed' as const }
            : {
                id: job.id,
                status: 'failed' as const,
                output: {
                  message: String(
                    (outcome?.reason as Error | undefined)?.message ?? outcome?.reason,
                  ),
                },
              }
        })
      },
    )
  }

  /** workBatches with one handler per job. */
  async workEach<T>(
    name: string,
    options: { pollingIntervalSeconds: number; batchSize: number },
    handler: (job: Job<T>) => Promise<unknown>,
  ): Promise<string> {
    return this.workBatches<T>(name, options, (jobs) => Promise.allSettled(jobs.map(handler)))
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true })
  }
}
