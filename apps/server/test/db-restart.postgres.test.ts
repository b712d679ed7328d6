/**
 * Issue 13, item 3: PostgreSQL going away under load. The shared server of this machine cannot be
 * restarted by a test, so every connection of the test's database is cut the way a restart cuts
 * them (pg_terminate_backend) while requests keep coming: the app must come back by itself,
 * answering requests, registering applicants and running jobs, without a restart of its own.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { eventually } from './support/eventually.js'
import { registrationFor } from './support/fixtures.js'

describe('the database connections cut under load', () => {
  let ctx: TestContext
  let admin: string
  const jobErrors: Error[] = []
  beforeAll(async () => {
    // The server logs the job queue's errors and goes on (main.ts); so does this test.
    ctx = await createTestContext({}, { onJobError: (err) => jobErrors.push(err) })
    admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
  })
  afterAll(() => ctx.close())

  const register = (tag: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registrationFor(tag, 'cut'),
    })

  it('comes back by itself: requests, writes and jobs work again after every connection was cut', async () => {
    const statuses: number[] = []
    let running = true
    const load = (async () => {
      while (running) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/api/applicants?limit=5',
          headers: { cookie: admin },
        })
        statuses.push(res.statusCode)
      }
    })()
    await eventually(() => statuses.length > 20 || undefined, 'requests before the cut')

    const killer = new pg.Client(ctx.database.url!)
    await killer.connect()
    const { rows } = await killer.query<{ cut: number }>(
      `select count(pg_terminate_backend(pid))::int as cut from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    )
    await killer.end()
    expect(rows[0]!.cut).toBeGreaterThan(0)
    const cutAt = statuses.length

    // Answers succeed again without anything restarted.
    await eventually(
      () => statuses.slice(cutAt).filter((s) => s === 200).length >= 20 || undefined,
      'answers after the cut',
    )
    running = false
    await load
    const tag = randomBytes(4).toString('hex')
    expect((await register(tag)).statusCode).toBe(201)
    // The job queue reconnected too: the registration's email job is picked up and settled.
    await eventually(async () => {
      const [row] = await rowsOf<{ attempts: number }>(
        ctx.database.db,
        sql`select attempts from email_messages where "to" = ${`cut.${tag}@college.example`}`,
      )
      return row && row.attempts > 0 ? row : undefined
    }, 'the email worker to try the new message')
    // What the queue reported was the cut itself, nothing else.
    expect(
      jobErrors.filter(
        (e) =>
          !/terminat|Connection ended|57P01/i.test(`${e.message} ${(e as { code?: string }).code}`),
      ),
    ).toEqual([])
  }, 60_000)
})
