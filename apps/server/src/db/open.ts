import { mkdirSync } from 'node:fs'
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
 * atomically and refreshed while we run; one left by a killed process goes stale and is taken
 * over after `staleMs`.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (err: Error) => void,
  staleMs = 10_000,
) {
  mkdirSync(dataDir, { recursive: true })
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: resolve(dataDir, 'server.lock'),
      stale: staleMs,
      update: Math.floor(staleMs / 2),
      retries: 0,
      realpath: false,
      onCompromised,
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new DataDirLockedError(resolve(dataDir))
    throw error
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
