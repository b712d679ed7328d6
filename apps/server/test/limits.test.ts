/**
 * The limit primitive (docs/decisions/018-atomic-limits-and-lockout.md): a slot is taken in the
 * statement that checks the count, several limits are taken all or none, and closed windows are
 * swept away. Runs on PGlite and on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '../src/db/schema/index.js'
import { AppError } from '../src/plugins/app-error.js'
import {
  sweepClosedWindows,
  takeSlots,
  tryTakeSlots,
  type Limit,
} from '../src/modules/limits/limits.service.js'
import { createTestContext, type TestContext } from './app.js'
import { burst } from './support/burst.js'

describe('limits counted in the database', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  const countOf = async (key: string) => {
    const [row] = await ctx.database.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, key))
    return row?.count
  }
  const limit = (key: string, max: number, windowMs = 3_600_000): Limit => ({
    key,
    max,
    windowMs,
  })

  it('gives exactly `max` slots of a limit to 300 parallel takers, and counts no more', async () => {
    const taken = await burst(300, () => tryTakeSlots(ctx.database.db, [limit('test:burst', 7)]))
    expect(taken.answers.filter(Boolean)).toHaveLength(7)
    expect(await countOf('test:burst')).toBe(7)
  })

  it('takes several limits all or none: a taker refused by one holds no slot of the others', async () => {
    const wide = limit('test:wide', 100)
    const narrow = limit('test:narrow', 3)
    const taken = await burst(300, () => tryTakeSlots(ctx.database.db, [wide, narrow]))
    expect(taken.answers.filter(Boolean)).toHaveLength(3)
    expect(await countOf('test:wide')).toBe(3)
    expect(await countOf('test:narrow')).toBe(3)
  })

  it('refuses with 429, the message of the limit used up and a Retry-After, and gives a slot back on release', async () => {
    const first = await takeSlots(ctx.database.db, [limit('test:once', 1)], 'Slow down')
    const refusal = await takeSlots(ctx.database.db, [limit('test:once', 1)], 'Slow down').then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refusal).toBeInstanceOf(AppError)
    expect((refusal as AppError).statusCode).toBe(429)
    expect((refusal as AppError).message).toBe('Slow down')
    expect(Number((refusal as AppError).headers?.['retry-after'])).toBeGreaterThan(3000)
    await first.release()
    expect(await countOf('test:once')).toBe(0)
    await expect(
      takeSlots(ctx.database.db, [limit('test:once', 1)], 'Slow down'),
    ).resolves.toBeDefined()
  })

  it('opens a new window when the last one has closed', async () => {
    const short = limit('test:short', 1, 60_000)
    expect(await tryTakeSlots(ctx.database.db, [short])).not.toBeNull()
    expect(await tryTakeSlots(ctx.database.db, [short])).toBeNull()
    await ctx.database.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimits.key, 'test:short'))
    expect(await tryTakeSlots(ctx.database.db, [short])).not.toBeNull()
  })

  it('sweeps windows that closed (over a day old), and keeps the ones still open', async () => {
    await ctx.database.db.insert(rateLimits).values([
      { key: 'test:sweep:old', count: 3, windowStart: sql`now() - interval '25 hours'` },
      { key: 'test:sweep:day', count: 3, windowStart: sql`now() - interval '23 hours'` },
      { key: 'test:sweep:new', count: 3, windowStart: sql`now()` },
    ])
    await sweepClosedWindows(ctx.database.db)
    expect(await countOf('test:sweep:old')).toBeUndefined()
    expect(await countOf('test:sweep:day')).toBe(3)
    expect(await countOf('test:sweep:new')).toBe(3)
  })

  it('refuses a window longer than the sweep keeps, so no limit is ever cut short', async () => {
    await expect(
      tryTakeSlots(ctx.database.db, [limit('test:long', 1, 25 * 3_600_000)]),
    ).rejects.toThrow(/longer than/)
  })
})
