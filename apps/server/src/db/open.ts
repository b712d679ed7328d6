import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { resolve } from 'node:path'
import lockfile from 'proper-lockfile'
import type { Config } from '../config.js'
import { openPglite, openPostgres, pgliteDir, type Database } from './client.js'
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate.js'
import { describeMobileNumberIssues } from './mobile-numbers.js'

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

/**
 * The embedded database's files are the server user's alone: its write-ahead log holds live
 * sign-in codes (docs/security.md). From here on every file this process makes is 0600 and every
 * directory 0700 (umask), and DATA_DIR as an earlier version left it is made so. Returns how many
 * paths had to change.
 */
export function makeDataDirPrivate(dataDir: string): number {
  process.umask(0o077)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  let changed = 0
  const walk = (path: string) => {
    const stat = statSync(path)
    const wanted = stat.isDirectory() ? 0o700 : 0o600
    if ((stat.mode & 0o777) !== wanted) {
      chmodSync(path, wanted)
      changed++
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(resolve(path, name))
  }
  walk(dataDir)
  return changed
}

/** Numbers that migration 0014 could not normalize wait for an organizer: said at every start. */
async function warnOfMobileNumberIssues(db: Database['db'], warn: (text: string) => void) {
  const report = await describeMobileNumberIssues(db)
  if (report) warn(report)
}

export interface OpenedDatabase {
  database: Database
  close(): Promise<void>
}

/** Opens the configured database (PostgreSQL when DATABASE_URL is set) and brings its schema up to date. */
export async function openConfiguredDatabase(
  config: Config,
  onLockCompromised: (err: Error) => void,
  warn: (text: string) => void = () => {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, config.databasePoolSize)
    await migratePostgresDatabase(database.pool, config)
    await warnOfMobileNumberIssues(database.db, warn)
    return { database, close: () => database.close() }
  }
  const changed = makeDataDirPrivate(config.dataDir)
  if (changed > 0)
    warn(
      `Made ${changed} file${changed === 1 ? '' : 's'} of ${resolve(config.dataDir)} private to this user (it was readable by others).`,
    )
  const release = await lockDataDir(config.dataDir, onLockCompromised)
  try {
    const database = await openPglite({ dataDir: pgliteDir(config.dataDir) })
    await migratePgliteDatabase(database.pglite, config)
    await warnOfMobileNumberIssues(database.db, warn)
    // A new database's first files come out of PGlite's own archive with its modes: made private
    // too. What PGlite makes from now on follows the umask.
    makeDataDirPrivate(config.dataDir)
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
