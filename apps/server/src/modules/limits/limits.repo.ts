import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.js'
import { rateLimits } from '../../db/schema/index.js'
import { msInterval } from '../../db/sql.js'

export interface WindowCount {
  count: number
  /** Milliseconds until the window closes and the count starts again. */
  retryAfterMs: number
}

/** The count of the window still open for `key`, if any. The database clock decides. */
export async function openWindow(
  db: Db,
  key: string,
  windowMs: number,
): Promise<WindowCount | undefined> {
  const [row] = await rowsOf<{ count: number; retry_after_ms: number }>(
    db,
    sql`select ${rateLimits.count} as count,
          greatest(0, extract(epoch from (${rateLimits.windowStart} + ${msInterval(windowMs)} - now())) * 1000) as retry_after_ms
        from ${rateLimits}
        where ${rateLimits.key} = ${key} and ${rateLimits.windowStart} > now() - ${msInterval(windowMs)}`,
  )
  return row ? { count: Number(row.count), retryAfterMs: Number(row.retry_after_ms) } : undefined
}

/**
 * Counts `n` more events in `key`'s window, opening a new window when the last one has closed:
 * the count after them, and the milliseconds until the window closes.
 */
async function addToWindow(db: Db, key: string, n: number, windowMs: number) {
  const [row] = await rowsOf<{ count: number; retry_after_ms: number }>(
    db,
    sql`insert into ${rateLimits} (key, count, window_start) values (${key}, ${n}, now())
        on conflict (key) do update set
          count = case when ${rateLimits.windowStart} <= now() - ${msInterval(windowMs)} then ${n} else ${rateLimits.count} + ${n} end,
          window_start = case when ${rateLimits.windowStart} <= now() - ${msInterval(windowMs)} then now() else ${rateLimits.windowStart} end
        returning count, greatest(0, extract(epoch from (window_start + ${msInterval(windowMs)} - now())) * 1000) as retry_after_ms`,
  )
  return { count: Number(row!.count), retryAfterMs: Number(row!.retry_after_ms) }
}

/**
 * Takes one slot of `key`'s window if fewer than `max` are taken, in one statement: the row lock
 * of the upsert makes the count that decides the count that is written, so parallel requests
 * never pass `max` together (docs/decisions/018-atomic-limits-and-lockout.md). A closed window
 * opens a new one. False when the window is full.
 */
export async function take(db: Db, key: string, max: number, windowMs: number): Promise<boolean> {
  const closed = sql`${rateLimits.windowStart} <= now() - ${msInterval(windowMs)}`
  const rows = await rowsOf(
    db,
    sql`insert into ${rateLimits} (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when ${closed} then 1 else ${rateLimits.count} + 1 end,
          window_start = case when ${closed} then now() else ${rateLimits.windowStart} end
        where ${closed} or ${rateLimits.count} < ${max}
        returning 1`,
  )
  return rows.length === 1
}

/** Gives back a slot taken by `take`, for an event that is not to count (a successful sign-in). */
export async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.count, 0)))
}

/** Deletes the windows that opened before `ageMs` ago: every one of them has closed. */
export async function deleteOlderThan(db: Db, ageMs: number): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - ${msInterval(ageMs)}`))
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}

/**
 * Counts `n` events in `key`'s window in one statement (a batch of registrations from one address)
 * and answers how many of them fit under `max`; those that do not are taken off the count again,
 * so refused attempts are not counted, as with openWindow + hit.
 */
export async function hitMany(
  db: Db,
  key: string,
  n: number,
  max: number,
  windowMs: number,
): Promise<{ allowed: number; retryAfterMs: number }> {
  const { count, retryAfterMs } = await addToWindow(db, key, n, windowMs)
  const allowed = Math.max(0, Math.min(n, max - (count - n)))
  if (allowed < n)
    await db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - ${n - allowed}` })
      .where(eq(rateLimits.key, key))
  return { allowed, retryAfterMs }
}
