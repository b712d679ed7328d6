import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { resolve } from 'node:path'
import type { Config } from '../config.js'
import { openPglite, openPostgres, pgliteDir, type Database } from './client.js'
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate.js'
import { describeMobileNumberIssues } from './mobile-numbers.js'

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    owner = '',
  ) {
    super(
      `Another process is already using the embedded database in ${dataDir}${owner}. ` +
        'Stop it first, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).',
    )
    this.name = 'DataDirLockedError'
  }
}

/** Who holds the lock, as it wrote itself down when it took it. */
interface LockOwner {
  pid: number
  host: string
  /** The kernel's boot id and the process's start time: a reused pid or a reboot is not the owner. */
  bootId: string | null
  startTime: string | null
  token: string
}

const LOCK_FILE = 'server.pid.lock'
/** Until issue 21 the lock was proper-lockfile's directory, refreshed every 5 s, and this note. */
const LEGACY_LOCK = 'server.lock'
const LEGACY_OWNER = 'server.lock.owner'

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim() || null

/** A process's state and start time from /proc (Linux); null elsewhere or when unreadable. */
function procStat(pid: number): { state: string; startTime: string } | null {
  const stat = readText(`/proc/${pid}/stat`)
  if (!stat) return null
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses; field 22 is the start time.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields[19] ? { state: fields[0]!, startTime: fields[19] } : null
}

function thisProcess(token: string): LockOwner {
  return {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    startTime: procStat(process.pid)?.startTime ?? null,
    token,
  }
}

/**
 * Whether the process that wrote `owner` is gone: on this machine and since this boot, its pid no
 * longer exists, is a zombie (killed, not yet reaped), or is another process (its start time
 * differs). An owner on another host is never judged gone, however quiet.
 */
function ownerIsGone(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false
  const boot = bootId()
  if (owner.bootId && boot && owner.bootId !== boot) return true
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true
  }
  const stat = procStat(owner.pid)
  if (!stat) return false
  if (stat.state === 'Z' || stat.state === 'X') return true
  return owner.startTime !== null && stat.startTime !== owner.startTime
}

function readOwner(path: string): LockOwner | 'unreadable' | 'none' {
  const text = readText(path)
  if (text === null) return 'none'
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>
    if (typeof owner.pid === 'number' && typeof owner.host === 'string' && owner.token)
      return owner as LockOwner
  } catch {
    // fall through
  }
  return 'unreadable'
}

/**
 * A lock left by a version before issue 21: taken over when its owner note says it is gone, or
 * when nothing has refreshed it for 30 s (that version refreshed it every 5 s while it ran).
 * Whether it still stands.
 */
function legacyLockStands(dataDir: string): boolean {
  const path = resolve(dataDir, LEGACY_LOCK)
  let mtime: number
  try {
    mtime = statSync(path).mtimeMs
  } catch {
    return false
  }
  let gone = Date.now() - mtime > 30_000
  try {
    const note = JSON.parse(readFileSync(resolve(dataDir, LEGACY_OWNER), 'utf8')) as {
      pid?: unknown
      host?: unknown
    }
    if (typeof note.pid === 'number' && typeof note.host === 'string')
      gone ||= ownerIsGone({ ...note, bootId: null, startTime: null, token: '-' } as LockOwner)
  } catch {
    // no note: its age decides
  }
  if (!gone) return true
  rmSync(path, { recursive: true, force: true })
  rmSync(resolve(dataDir, LEGACY_OWNER), { force: true })
  return false
}

/**
 * PGlite takes no lock of its own, and a second process on the same directory corrupts it
 * silently (docs/decisions/003-embedded-database-lock.md). The lock is `DATA_DIR/server.pid.lock`,
 * made atomically with its owner's note in it (a hard link, which fails when the file exists). It
 * is never taken from a live process, however long it was quiet (stopped, a busy machine, a
 * suspended VM): only when its owner is gone (docs/decisions/023-embedded-lock-start-and-memory.md).
 * An owner still alive is waited for up to `waitMs` (a restart right after a kill, while the old
 * process dies), then refused. Every 5 s the holder checks that the lock is still its own, and
 * calls `onCompromised` if it is not (someone deleted it by hand).
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (err: Error) => void,
  { waitMs = 5_000 }: { waitMs?: number } = {},
) {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = resolve(dataDir, LOCK_FILE)
  const token = randomBytes(16).toString('hex')
  const candidate = resolve(dataDir, `${LOCK_FILE}.${token}`)
  writeFileSync(candidate, JSON.stringify(thisProcess(token)))
  const deadline = Date.now() + waitMs
  let lastOwner: LockOwner | undefined
  try {
    for (;;) {
      if (!legacyLockStands(dataDir)) {
        try {
          createWithNote(candidate, lockPath)
          break
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        }
        const owner = readOwner(lockPath)
        if (owner !== 'none' && owner !== 'unreadable') {
          lastOwner = owner
          // Another newcomer may be removing it: then wait for its outcome.
          if (ownerIsGone(owner) && takeOverFrom(dataDir, lockPath, owner)) continue
          // This very process holds it: waiting cannot help.
          if (owner.pid === process.pid && owner.host === hostname()) break
        }
      }
      if (Date.now() >= deadline) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } finally {
    rmSync(candidate, { force: true })
  }
  const held = readOwner(lockPath)
  if (typeof held !== 'object' || held.token !== token) throw lockedError(dataDir, lastOwner)

  const stillOurs = () => {
    const owner = readOwner(lockPath)
    return typeof owner === 'object' && owner.token === token
  }
  const check = setInterval(() => {
    if (stillOurs()) return
    clearInterval(check)
    onCompromised(new Error(`${lockPath} is no longer this process's`))
  }, 5_000)
  check.unref()
  return async () => {
    clearInterval(check)
    if (stillOurs()) unlinkSync(lockPath)
  }
}

/**
 * Creates `lockPath` holding the note in `candidate`, or fails with EEXIST. A hard link makes the
 * file and its note at once; where the file system has no hard links, an exclusive create, the
 * note written right after (a reader in between finds no owner and waits).
 */
function createWithNote(candidate: string, lockPath: string) {
  try {
    linkSync(candidate, lockPath)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error
    writeFileSync(lockPath, readFileSync(candidate), { flag: 'wx' })
  }
}

function lockedError(dataDir: string, owner: LockOwner | undefined) {
  const who = !owner
    ? ''
    : owner.host === hostname()
      ? ` (process ${owner.pid})`
      : ` (process ${owner.pid} on ${owner.host}; if it no longer runs there, delete ${resolve(dataDir, LOCK_FILE)})`
  return new DataDirLockedError(resolve(dataDir), who)
}

/**
 * Removes the lock of a gone `owner`. Only one process may: the one that creates the marker
 * directory named after that owner's token (atomic). A marker left by a process killed in the
 * middle of this (milliseconds) is cleared after 10 s. Whether this process removed it.
 */
function takeOverFrom(dataDir: string, lockPath: string, owner: LockOwner): boolean {
  const marker = resolve(dataDir, `${LOCK_FILE}.gone-${owner.token}`)
  try {
    mkdirSync(marker)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    try {
      if (Date.now() - statSync(marker).mtimeMs > 10_000) rmSync(marker, { recursive: true })
    } catch {
      // another process cleared it
    }
    return false
  }
  try {
    const now = readOwner(lockPath)
    if (typeof now === 'object' && now.token === owner.token) unlinkSync(lockPath)
  } finally {
    rmSync(marker, { recursive: true, force: true })
  }
  return true
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
    const database = await openPostgres(
      config.databaseUrl,
      config.databasePoolSize,
      config.databaseTimeouts,
    )
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
    const database = await openPglite({
      dataDir: pgliteDir(config.dataDir),
      sharedBuffersMb: config.embeddedSharedBuffersMb,
    })
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
