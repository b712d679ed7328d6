import type { Db } from '../../db/client.js'
import { AppError } from '../../plugins/app-error.js'
import * as repo from './limits.repo.js'

export interface Limit {
  key: string
  max: number
  windowMs: number
  /** The 429's message when this limit is the one used up (otherwise the caller's). */
  message?: string
}

/** Slots taken in one or more limits. */
export interface Slots {
  /** Gives the slots back: for an event that is not to count, such as a successful sign-in. */
  release(): Promise<void>
}

/**
 * The longest window a limit may have. Windows older than this are swept away, so a longer one
 * would be cut short; `take` refuses it.
 */
export const LONGEST_WINDOW_MS = 24 * 3_600_000

class Refused extends Error {}

/**
 * Takes one slot in every limit, or in none: each slot is taken by the statement that checks the
 * count, so a burst of parallel requests never passes a limit together, whichever instance they
 * reach (docs/decisions/018-atomic-limits-and-lockout.md). Null when a limit is used up.
 */
export async function tryTakeSlots(db: Db, limits: Limit[]): Promise<Slots | null> {
  for (const limit of limits)
    if (limit.windowMs > LONGEST_WINDOW_MS)
      throw new Error(`limit ${limit.key}: a window longer than ${LONGEST_WINDOW_MS} ms`)
  const release = async () => {
    for (const limit of limits) await repo.giveBack(db, limit.key)
  }
  if (limits.length === 1) {
    const [limit] = limits as [Limit]
    return (await repo.take(db, limit.key, limit.max, limit.windowMs)) ? { release } : null
  }
  // Several limits in one transaction, so a refusal by one gives back the others. Taken in one
  // order (by key) everywhere, so two requests never wait for each other's rows.
  const ordered = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  try {
    await db.transaction(async (tx) => {
      for (const limit of ordered)
        if (!(await repo.take(tx, limit.key, limit.max, limit.windowMs))) throw new Refused()
    })
    return { release }
  } catch (error) {
    if (error instanceof Refused) return null
    throw error
  }
}

/**
 * As tryTakeSlots, but a used-up limit is a 429 with Retry-After, saying `message` (or the
 * message of the first used-up limit in `limits`' order).
 */
export async function takeSlots(db: Db, limits: Limit[], message: string): Promise<Slots> {
  const slots = await tryTakeSlots(db, limits)
  if (slots) return slots
  // The refusal is decided; this only explains it, so reading after the fact is fine.
  let retryAfterMs = 0
  let usedUp: Limit | undefined
  for (const limit of limits) {
    const window = await repo.openWindow(db, limit.key, limit.windowMs)
    if (window && window.count >= limit.max) {
      retryAfterMs = Math.max(retryAfterMs, window.retryAfterMs)
      usedUp ??= limit
    }
  }
  throw new AppError(429, usedUp?.message ?? message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  })
}

export const clearLimit = repo.clear

/** Deletes closed windows; run now and then (app.ts) so the table does not grow for ever. */
export const sweepClosedWindows = (db: Db) => repo.deleteOlderThan(db, LONGEST_WINDOW_MS)
