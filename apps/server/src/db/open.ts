import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { resolve } from 'node:path'
import lockfile from 'proper-lockfile'
import type { Config } from '../config.js'
import { openPglite, openPostgres, pgliteDir, type Database } from './client.js'
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate.js'

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another process is already using the embedded database in ${dataDir}. ` +
        'Stop it first, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).',
    )
    this.name = 'DataDirLockedError'
  }
}

/**
 * PGlite takes no lock of its own, and a second process on the same directory corrupts it
 * silently (docs/decisions/003-embedded-database-lock.md). The lock is a directory created
 * atomically and refreshed while we run, beside a note of its owner (pid and host); one left by
 * a killed process of this machine is taken over at once, any other goes stale after `staleMs`.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (err: Error) => void,
  staleMs = 10_000,
) {
  mkdirSync(dataDir, { recursive: true })
  const lockfilePath = resolve(dataDir, 'server.lock')
  const ownerPath = resolve(dataDir, 'server.lock.owner')
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath,
      stale: staleMs,
      update: Math.floor(staleMs / 2),
      retries: 0,
      realpath: false,
      onCompromised,
    })
  let release: () => Promise<void>
  try {
    release = await take()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
    // A lock left by a process of this machine that no longer runs (killed, crashed) is taken
    // over at once rather than after `staleMs`: a restart after a crash just works.
    if (!ownerIsGone(ownerPath)) throw new DataDirLockedError(resolve(dataDir))
    rmSync(lockfilePath, { recursive: true, force: true })
    try {
      release = await take()
    } catch (retry) {
      if ((retry as NodeJS.ErrnoException).code === 'ELOCKED')
        throw new DataDirLockedError(resolve(dataDir))
      throw retry
    }
  }
  writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, host: hostname() }))
  return async () => {
    rmSync(ownerPath, { force: true })
    await release()
  }
}

/** Whether the lock's owner, as it wrote itself down, is a process of this machine that is gone. */
function ownerIsGone(ownerPath: string): boolean {
  let owner: { pid?: unknown; host?: unknown }
  try {
    owner = JSON.parse(readFileSync(ownerPath, 'utf8')) as typeof owner
  } catch {
    return false
  }
  if (typeof owner.pid !== 'number' || owner.host !== hostname()) return false
  if (owner.pid === process.pid) return false
  try {
    process.kill(owner.pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

export interface OpenedDatabase {
  database: Database
  close(): Promise<void>
}

/** Opens the configured database (PostgreSQL when DATABASE_URL is set) and brings its schema up to date. */
export async function openConfiguredDatabase(
  config: Config,
  onLockCompromised: (err: Error) => void,
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, config.databasePoolSize)
    await migratePostgresDatabase(database.pool)
    return { database, close: () => database.close() }
  }
  const release = await lockDataDir(config.dataDir, onLockCompromised)
  try {
    const database = await openPglite({ dataDir: pgliteDir(config.dataDir) })
    await migratePgliteDatabase(database.pglite)
    return {
      database,
      close: async () => {
        try {
          await database.close()
        } finally {
          await release()
        }
      },
    }
  } catch (error) {
    await release()
    throw error
  }
}
