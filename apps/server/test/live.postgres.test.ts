/**
 * Live events across app instances: only a server database can have two instances on it (the
 * embedded one belongs to one process), so this file runs on PostgreSQL only (vitest.config.ts).
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { startBackgroundWork } from '../src/background.js'
import { openPostgres, rowsOf, type Database } from '../src/db/client.js'
import { JobQueue } from '../src/jobs/queue.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { openEvents } from './support/event-stream.js'
import { registrationFor } from './support/fixtures.js'

describe('live events with two app instances on one PostgreSQL', () => {
  let first: TestContext
  let second: { app: FastifyInstance; database: Database; jobs: JobQueue; base: string }
  let admin: string

  beforeAll(async () => {
    first = await createTestContext()
    const database = await openPostgres(first.database.url!, 5)
    const jobs = await JobQueue.start(database, (err) => {
      throw err
    })
    const app = await buildApp({ config: first.config, database, jobs, secrets: first.secrets })
    await startBackgroundWork(app)
    second = { app, database, jobs, base: await app.listen({ port: 0, host: '127.0.0.1' }) }
    // A session made on the first instance works on the second: sessions live in the database.
    admin = await signedInStaff(first.app, first.database.db, 'admin')
  })
  afterAll(async () => {
    await second.app.close()
    await second.jobs.stop()
    await second.database.close()
    await first.close()
  })

  it('a registration made on one instance reaches the dashboard stream of the other within two seconds', async () => {
    const stream = await openEvents(`${second.base}/api/events`, admin)
    try {
      const since = Date.now()
      const tag = randomBytes(4).toString('hex')
      const res = await first.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registrationFor(tag, 'across'),
      })
      expect(res.statusCode).toBe(201)
      const event = await stream.change('applicants', since)
      expect(event.at - since).toBeLessThan(2000)
    } finally {
      await stream.close()
    }
  })

  it('when its listening connection is cut, an instance reconnects by itself and tells clients to refresh everything', async () => {
    const stream = await openEvents(`${second.base}/api/events`, admin)
    try {
      const listeners = () =>
        rowsOf<{ pid: number }>(
          first.database.db,
          sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
        )
      expect((await listeners()).length).toBe(2)
      const since = Date.now()
      // Cut both instances' listening connections, as a database restart or network cut would.
      await first.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
      )
      // Nothing was missed that the clients are not told about: every topic is sent on resume.
      await Promise.all(
        ['applicants', 'submissions', 'activity', 'rounds'].map((t) =>
          stream.change(t, since, 10_000),
        ),
      )
      await expect.poll(async () => (await listeners()).length, { timeout: 10_000 }).toBe(2)
      const after = Date.now()
      await first.database.db.execute(
        sql`insert into activity (type, name, action) values ('registration', 'After The Cut', 'registered')`,
      )
      await stream.change('activity', after)
    } finally {
      await stream.close()
    }
  })
})
