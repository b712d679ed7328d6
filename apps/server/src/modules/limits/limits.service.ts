import type { Db } from '../../db/client.js'
import { AppError } from '../../plugins/app-error.js'
import * as repo from './limits.repo.js'

export interface Limit {
  key: string
  max: number
  windowMs: number
}

/**
 * Refuses with 429 and Retry-After when any of `limits` is used up. Counted in the database, so
 * the limit holds across every app instance.
 */
export async function assertUnderLimits(db: Db, limits: Limit[], message: string): Promise<void> {
  let retryAfterMs = 0
  for (const limit of limits) {
    const window = await repo.openWindow(db, limit.key, limit.windowMs)
    if (window && window.count >= limit.max)
      retryAfterMs = Math.max(retryAfterMs, window.retryAfterMs)
  }
  if (retryAfterMs > 0) {
    throw new AppError(429, message, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    })
  }
}

export async function countEvent(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) await repo.hit(db, limit.key, limit.windowMs)
}

export const clearLimit = repo.clear
