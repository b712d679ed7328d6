import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { startPgliteAutovacuum } from './maintenance.js'
import pg from 'pg'
import { fromPglite, type ConstructorOptions } from 'pg-boss'
import * as schema from './schema/index.js'

export type Schema = typeof schema
/** A database or a transaction: repos take either (STYLE.md item 4). */
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
  close(): Promise<void>
}

export interface PgliteSource {
  /** A directory on disk, or undefined for a throw-away in-memory database. */
  dataDir?: string
  /** A data directory dump (PGlite's dumpDataDir) to start from, used by tests. */
  loadDataDir?: Blob
}

export async function openPglite(
  source: PgliteSource = {},
): Promise<Database & { pglite: PGlite }> {
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true })
  const pglite = await PGlite.create({
    ...(source.dataDir ? { dataDir: source.dataDir } : {}),
    ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
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

export async function openPostgres(
  url: string,
  poolSize = 20,
): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
  })
  // An idle client losing its connection (a database restart) must not crash the process: the pool
  // drops it and the next query opens a new one.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  await pool.query('select 1')
  return {
    driver: 'postgres',
    db,
    pool,
    jobOptions: { connectionString: url, max: Math.max(2, Math.min(10, Math.floor(poolSize / 4))) },
    ping: async () => {
      await pool.query('select 1')
    },
    listen: (channel, onNotify, onResume) => listenPostgres(url, channel, onNotify, onResume),
    close: async () => {
      if (!pool.ended) await pool.end()
    },
  }
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries). When it drops
 * (a database restart, a network cut) it is reopened with a backoff of up to 5 s, and `onResume`
 * says that notifications may have been missed meanwhile.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onResume?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    next.on('error', () => {})
    next.on('end', () => {
      if (stopped || client !== next) return
      client = undefined
      reconnect(250)
    })
    await next.connect()
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`)
    client = next
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
    await client?.end().catch(() => {})
  }
}

/** Where the embedded database keeps its files inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite')
