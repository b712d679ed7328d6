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
export class JobQueue {
  private constructor(private readonly boss: PgBoss) {}

  static async start(database: Database, onError: (error: Error) => void): Promise<JobQueue> {
    const boss = new PgBoss({
      ...database.jobOptions,
      schema: 'pgboss',
      // Maintenance and monitoring every minute are ample for email and deadline jobs.
      superviseIntervalSeconds: 60,
    })
    boss.on('error', onError)
    await boss.start()
    return new JobQueue(boss)
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
    options: { priority?: number } = {},
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
    return this.boss.work<T>(
      name,
      { ...options, burstWhenBatchFull: true, perJobResults: true },
      async (jobs) => {
        const settled = await handler(jobs)
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
