import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { startPgliteAutovacuum } from './maintenance.js'
import { EMBEDDED_SHARED_BUFFERS_MB } from '../config.js'
import { markDatabaseError } from '../lib/db-errors.js'
import {
  createConnectionGuard,
  DatabaseUnavailableError,
  destroyConnection,
} from './connection-guard.js'
import pg from 'pg'
import { fromPglite, type ConstructorOptions } from 'pg-boss'
import * as schema from './schema/index.js'

export type Schema = typeof schema
/** A database or a transaction: repos take either (docs/architecture.md#the-server). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Driver = 'pglite' | 'postgres'

/** Runs raw SQL and returns its rows: both drivers answer `execute` with `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] }
  return result.rows
}

export interface Database {
  readonly driver: Driver
  readonly db: Db
  /** How pg-boss reaches the same database. */
  readonly jobOptions: ConstructorOptions
  ping(): Promise<void>
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (after the notifying
   * transaction commits, from any connection or instance). On PostgreSQL the listening connection
   * is reopened when it drops, and `onResume` is called then: notifications may have been missed.
   * Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>>
  /**
   * The embedded database's WebAssembly memory in bytes, what it holds and never gives back
   * (docs/decisions/029-embedded-memory.md); absent on PostgreSQL.
   */
  memoryBytes?: () => number
  close(): Promise<void>
}

export interface PgliteSource {
  /** A directory on disk, or undefined for a throw-away in-memory database. */
  dataDir?: string
  /** A data directory dump (PGlite's dumpDataDir) to start from, used by tests. */
  loadDataDir?: Blob
  /** Its page cache in MB (EMBEDDED_SHARED_BUFFERS_MB; PostgreSQL's own default is 128). */
  sharedBuffersMb?: number
}

/**
 * What bounds the embedded database's memory (docs/decisions/029-embedded-memory.md). Its
 * WebAssembly memory only ever grows, so every figure here is a ceiling on what it keeps: the page
 * cache, and the working memory of one sort, hash or vacuum at a time (one backend, no workers).
 */
export function pgliteStartParams(sharedBuffersMb: number): string[] {
  return [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${sharedBuffersMb}MB`,
    '-c',
    'work_mem=4MB',
    '-c',
    'maintenance_work_mem=16MB',
    '-c',
    'temp_buffers=8MB',
  ]
}

/** `Database.memoryBytes` of the embedded database. */
export function pgliteMemoryBytes(pglite: PGlite): number {
  const mod = (pglite as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod
  return mod?.HEAPU8?.byteLength ?? 0
}

export async function openPglite(
  source: PgliteSource = {},
): Promise<Database & { pglite: PGlite }> {
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true })
  const pglite = await PGlite.create({
    ...(source.dataDir ? { dataDir: source.dataDir } : {}),
    ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
    startParams: pgliteStartParams(source.sharedBuffersMb ?? EMBEDDED_SHARED_BUFFERS_MB),
    extensions: { pg_trgm },
  })
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db
  // No autovacuum in a standalone backend: the process does its work (db/maintenance.ts).
  const stopVacuum = startPgliteAutovacuum(pglite, (error) =>
    process.stderr.write(`Embedded database maintenance failed: ${String(error)}\n`),
  )
  return {
    driver: 'pglite',
    db,
    pglite,
    jobOptions: { db: fromPglite(pglite), backend: 'pglite' },
    ping: async () => {
      await pglite.query('select 1')
    },
    memoryBytes: () => pgliteMemoryBytes(pglite),
    // One process holds the embedded database, so its notifications never travel elsewhere.
    listen: async (channel, onNotify) => {
      const stop = await pglite.listen(channel, onNotify)
      return async () => {
        if (!pglite.closed) await stop()
      }
    },
    close: async () => {
      stopVacuum()
      if (!pglite.closed) await pglite.close()
    },
  }
}

/**
 * How long PostgreSQL may take (issue 21, docs/decisions/021-database-faults.md): connections that
 * stop answering are found within seconds, and a request fails with 503 instead of waiting.
 */
export interface PostgresTimeouts {
  /** Opening a connection, and readiness's ping (DATABASE_CONNECT_TIMEOUT_MS). */
  connectMs: number
  /** One statement, enforced by the server (DATABASE_STATEMENT_TIMEOUT_MS; 0: none). */
  statementMs: number
  /** A query unanswered this long gets its connection checked (connection-guard.ts). */
  checkAfterMs?: number
  /** How often the listening connection proves it is alive. */
  heartbeatMs?: number
}

export const defaultPostgresTimeouts: PostgresTimeouts = {
  connectMs: 3000,
  statementMs: 15_000,
}

/** How long a request may wait for a free pooled connection before it is answered 503. */
const POOL_WAIT_MS = 10_000

/** Readiness's ping (GET /api/health) answers within this, or the instance is not ready. */
const PING_TIMEOUT_MS = 2000

/** A transaction that may run longer than the statement timeout (bulk uploads, migrations). */
export const LONG_STATEMENT_TIMEOUT = '10min'

export async function openPostgres(
  url: string,
  poolSize = 20,
  timeouts: PostgresTimeouts = defaultPostgresTimeouts,
): Promise<Database & { pool: pg.Pool }> {
  const { connectMs, statementMs, checkAfterMs = 2000, heartbeatMs = 5000 } = timeouts
  const guard = createConnectionGuard({ connectionString: url, connectMs, checkAfterMs })
  // Every connection (pool, job queue, listener): TCP keepalive so that the kernel finds a dead
  // peer in the end, the server's own statement timeout, and no transaction left open for ever
  // by a client that went away.
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idle_in_transaction_session_timeout: 60_000,
  }
  /** While the guard knows the database unreachable, a request fails at once (503). */
  class GuardedPool extends pg.Pool {}
  const connect = pg.Pool.prototype.connect as (this: pg.Pool, ...args: unknown[]) => unknown
  ;(GuardedPool.prototype as unknown as { connect: typeof connect }).connect = function (
    this: pg.Pool,
    ...args: unknown[]
  ) {
    const callback = args[0] as ((error: Error | undefined, ...rest: unknown[]) => void) | undefined
    if (guard.unreachable) {
      const error = new DatabaseUnavailableError()
      if (typeof callback !== 'function') return Promise.reject(error)
      process.nextTick(() => callback(error))
      return undefined
    }
    if (typeof callback === 'function')
      return connect.call(this, (error: Error | undefined, ...rest: unknown[]) => {
        if (error) markDatabaseError(error)
        callback(error, ...rest)
      })
    const result = connect.call(this) as Promise<unknown>
    result.catch(markDatabaseError)
    return result
  }
  const pool = new GuardedPool({
    ...connection,
    // Waiting for a free connection in a surge (the deadline minute) is not a fault: up to
    // POOL_WAIT_MS, while each new connection still opens within connectMs (connection-guard.ts).
    connectionTimeoutMillis: Math.max(connectMs, POOL_WAIT_MS),
    Client: guard.Client,
    max: poolSize,
    ...(statementMs > 0 ? { statement_timeout: statementMs } : {}),
  })
  // An idle client losing its connection (a database restart) must not crash the process: the pool
  // drops it and the next query opens a new one.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  try {
    await pool.query('select 1')
  } catch (error) {
    guard.stop()
    await pool.end()
    throw error
  }
  const jobOptions: ConstructorOptions & Omit<pg.PoolConfig, keyof ConstructorOptions> = {
    ...connection,
    Client: guard.Client,
    max: Math.max(2, Math.min(10, Math.floor(poolSize / 4))),
    // The job queue's maintenance deletes in bulk: a longer limit than requests get.
    ...(statementMs > 0 ? { statement_timeout: Math.max(statementMs, 60_000) } : {}),
  }
  return {
    driver: 'postgres',
    db,
    pool,
    jobOptions,
    // Readiness: an answer within 2 s (or the connect timeout, if shorter), or the instance is
    // not ready; a connection whose ping is lost is ended by the guard.
    ping: () =>
      withTimeout(
        pool.query('select 1'),
        Math.min(PING_TIMEOUT_MS, connectMs),
        'The database did not answer the ping',
      ),
    listen: (channel, onNotify, onResume) =>
      listenPostgres(connection, { connectMs, heartbeatMs }, channel, onNotify, onResume),
    close: async () => {
      guard.stop()
      // A stalled connection never answers its goodbye: the pool is not waited for past that.
      if (!pool.ended)
        await withTimeout(pool.end(), 2 * connectMs, 'The pool did not close').catch(() => {})
    },
  }
}

/** `promise`, or a rejection after `ms`. */
async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  promise.catch(() => {})
  try {
    await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DatabaseUnavailableError(message)), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries). A heartbeat
 * (`select 1` every `heartbeatMs`, answered within `connectMs`) finds a connection that died
 * silently; when it drops or dies it is reopened with a backoff of up to 5 s, and `onResume` says
 * that notifications may have been missed meanwhile.
 */
async function listenPostgres(
  config: pg.ClientConfig,
  { connectMs, heartbeatMs }: { connectMs: number; heartbeatMs: number },
  channel: string,
  onNotify: (payload: string) => void,
  onResume?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined
  const beat = (target: pg.Client) => {
    heartbeat = setTimeout(() => {
      if (stopped || client !== target) return
      withTimeout(target.query('select 1'), connectMs, 'The listening connection did not answer')
        .then(() => beat(target))
        .catch(() => destroyConnection(target)) // its 'end' reopens the listener
    }, heartbeatMs)
    heartbeat.unref()
  }
  const connect = async (): Promise<void> => {
    const next = new pg.Client(config)
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    next.on('error', () => {})
    next.on('end', () => {
      if (stopped || client !== next) return
      client = undefined
      clearTimeout(heartbeat)
      reconnect(250)
    })
    try {
      await next.connect()
      await withTimeout(
        next.query(`LISTEN "${channel.replaceAll('"', '""')}"`),
        connectMs,
        'The listening connection did not answer',
      )
    } catch (error) {
      destroyConnection(next)
      throw error
    }
    client = next
    beat(next)
  }
  const reconnect = (delay: number) => {
    retry = setTimeout(() => {
      connect().then(
        () => onResume?.(),
        () => reconnect(Math.min(delay * 2, 5000)),
      )
    }, delay)
    retry.unref()
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    clearTimeout(heartbeat)
    const last = client
    if (last)
      await withTimeout(last.end(), connectMs, 'The listening connection did not close').catch(() =>
        destroyConnection(last),
      )
  }
}

/** Where the embedded database keeps its files inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite')
