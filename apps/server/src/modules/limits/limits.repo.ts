import { eq, sql } from 'drizzle-orm'
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

/** Counts one more event in `key`'s window, opening a new window when the last one has closed. */
export async function hit(db: Db, key: string, windowMs: number): Promise<number> {
  return (await addToWindow(db, key, 1, windowMs)).count
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
