import { eq, sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/client.js'
import { requirements, rounds, submissions } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { bearerFor, newApplicant } from './support/fixtures.js'

/**
 * Issue 21 item 5: a submission is judged by when it reached the server, not by when a database
 * connection came free for it (docs/product/submissions.md#deadlines).
 */
describe('deadline judged by arrival', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
    await ctx.app.ready()
  })
  afterAll(() => ctx.close())

  /**
   * Holds every connection of the application's pool (the embedded database has one) in an open
   * transaction until `release` resolves: requests queue behind it as they do in a surge. The
   * first holder runs `first` (committed at the release).
   */
  async function holdDatabase(release: Promise<void>, first: (tx: Db) => Promise<void>) {
    const pool = (ctx.database as { pool?: pg.Pool }).pool
    const connections = pool ? pool.options.max : 1
    let taken = 0
    let allTaken!: () => void
    const held = new Promise<void>((resolve) => (allTaken = resolve))
    const done = Promise.all(
      Array.from({ length: connections }, (_, index) =>
        ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`)
          if (index === 0) await first(tx)
          if (++taken === connections) allTaken()
          await release
        }),
      ),
    )
    await held
    // Wrapped: an async function returning the promise itself would wait for it.
    return { done }
  }

  it('accepts every submission that arrived before the end while the database was busy, and none after', async () => {
    const count = 300
    const people = await Promise.all(
      Array.from({ length: count }, () => newApplicant(ctx.database.db)),
    )
    const tokens = await Promise.all(people.map((p) => bearerFor(ctx.database.db, p.id)))
    const [round] = await ctx.database.db
      .insert(rounds)
      .values({
        name: 'Queued rush',
        description: 'A stage',
        status: 'active',
        startTime: new Date('2026-01-01T00:00:00Z'),
        endTime: new Date(Date.now() + 3_600_000),
        position: -5,
      })
      .returning()
    await ctx.database.db
      .insert(requirements)
      .values({ roundId: round!.id, position: 0, description: 'Idea document' })

    // The database is held, and while it is the round's end is set 1.5 s ahead (committed when
    // it is released, 0.5 s after the end), so a busy machine's slow setup cannot shift the
    // timeline; 300 submissions are sent evenly from 0.4 s before the end to 0.4 s after, and all
    // of them queue.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let deadline = 0
    const holding = await holdDatabase(released, async (tx) => {
      deadline = Date.now() + 1_500
      await tx
        .update(rounds)
        .set({ endTime: new Date(deadline) })
        .where(eq(rounds.id, round!.id))
    })
    setTimeout(release, deadline + 500 - Date.now())
    const spacing = 800 / count
    const results = await Promise.all(
      tokens.map(async (token, index) => {
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, deadline - 400 + index * spacing - Date.now())),
        )
        const sentAt = Date.now()
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/applicant/submit-stage',
          payload: { stageId: round!.id, githubUrl: `https://github.com/queued/team-${index}` },
          headers: { authorization: `Bearer ${token}` },
        })
        return { index, sentAt, status: res.statusCode, message: res.json().message as string }
      }),
    )
    await holding.done

    const before = results.filter((r) => r.sentAt < deadline)
    const after = results.filter((r) => r.sentAt >= deadline)
    // The burst really straddled the end, and the database really held the requests past it.
    expect(before.length).toBeGreaterThan(100)
    expect(after.length).toBeGreaterThan(100)
    expect(Date.now()).toBeGreaterThan(deadline + 500)
    // Judged by arrival: a request sent before the end arrives then, give or take the event
    // loop's lag in this process (a few ms). Every one sent 20 ms or more before it is accepted.
    const clearlyBefore = before.filter((r) => r.sentAt < deadline - 20)
    expect(clearlyBefore.filter((r) => r.status !== 200)).toEqual([])
    // None sent after the end is accepted, and every refusal says why.
    expect(after.filter((r) => r.status === 200)).toEqual([])
    // Every other answer is the expired refusal, or, on a machine so busy that a request waited
    // for a connection past the pool's limit, 503 "briefly unavailable" (issue 21 item 2).
    const refused = results.filter((r) => r.status !== 200)
    expect(refused.filter((r) => r.status !== 403 && r.status !== 503)).toEqual([])
    expect(
      refused.every(
        (r) =>
          r.status === 503 ||
          r.message === 'This stage has expired and no longer accepts submissions.',
      ),
    ).toBe(true)
    // What was stored is what was accepted, each recorded at its arrival, before the end.
    const rows = await ctx.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.roundId, round!.id))
    const accepted = results.filter((r) => r.status === 200)
    expect(rows).toHaveLength(accepted.length)
    expect(rows.every((r) => r.submittedAt!.getTime() < deadline)).toBe(true)
    const kept = new Set(rows.map((r) => r.githubUrl))
    expect(accepted.every((r) => kept.has(`https://github.com/queued/team-${r.index}`))).toBe(true)
    console.log(
      `deadline burst on ${ctx.database.driver}: ${before.length} sent before the end, ` +
        `${accepted.length} accepted, ${after.length} sent after, ${refused.length} refused; ` +
        `latest accepted sent ${Math.max(...accepted.map((r) => r.sentAt)) - deadline} ms from the end`,
    )
  }, 60_000)
})
