/**
 * Issue 21, items 1 and 2: PostgreSQL stalled, refused, and its connections silently dead, through
 * a TCP proxy between the app and the database (test/support/tcp-proxy.ts). The app answers 503
 * with Retry-After within seconds instead of hanging or answering 500, readiness says so, and
 * registration, live events and email come back by themselves, without a restart
 * (docs/decisions/021-database-faults.md).
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { startBackgroundWork } from '../src/background.js'
import { loadConfig } from '../src/config.js'
import { openPostgres, type Database } from '../src/db/client.js'
import { JobQueue } from '../src/jobs/queue.js'
import { createSecretBox } from '../src/lib/secret-box.js'
import { openTestDatabase, type TestDatabase } from './database.js'
import { signedInStaff } from './staff-helpers.js'
import { openEvents } from './support/event-stream.js'
import { registrationFor } from './support/fixtures.js'
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js'
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js'

/** Longer than any answer may take: a request still unanswered by then hangs. */
const HANG_MS = 15_000

describe('PostgreSQL stalled, refused or silently gone behind a TCP proxy', () => {
  let direct: TestDatabase
  let proxy: TcpProxy
  let smtp: TestSmtpServer
  let database: Database
  let jobs: JobQueue
  let app: FastifyInstance
  let base: string
  let admin: string
  const jobErrors: Error[] = []

  beforeAll(async () => {
    smtp = await startSmtpServer()
    direct = await openTestDatabase()
    proxy = await startTcpProxy()
    // The defaults of every timeout: what a real deployment gets.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      GITHUB_VERIFY: 'off',
      STATISTICS_REFRESH_MS: '0',
      EMAIL_POLL_SECONDS: '0.5',
      EMAIL_RETRY_DELAY_SECONDS: '1',
      EMAIL_RETRY_DELAY_MAX_SECONDS: '2',
      DATABASE_URL: proxy.urlFor(direct.url!),
      DATABASE_POOL_SIZE: '6',
    })
    database = await openPostgres(
      config.databaseUrl!,
      config.databasePoolSize,
      config.databaseTimeouts,
    )
    // The server logs the job queue's errors and goes on (main.ts); so does this test.
    jobs = await JobQueue.start(database, (err) => jobErrors.push(err))
    const secrets = createSecretBox(randomBytes(32).toString('hex'))
    app = await buildApp({ config, database, jobs, secrets })
    await startBackgroundWork(app)
    base = await app.listen({ port: 0, host: '127.0.0.1' })
    admin = await signedInStaff(app, direct.db, 'admin')
    const saved = await app.inject({
      method: 'POST',
      url: '/api/admin/email-settings',
      headers: { cookie: admin },
      payload: smtp.settings(),
    })
    expect(saved.statusCode).toBe(200)
  })
  afterAll(async () => {
    proxy?.resume()
    await app?.close()
    await jobs?.stop()
    await database?.close()
    await proxy?.close()
    await direct?.drop()
    await smtp?.stop()
  })

  /** The answer and how long it took, or a failure naming the request when it hangs. */
  async function timed(
    what: string,
    request: () => Promise<LightMyRequestResponse>,
  ): Promise<{ res: LightMyRequestResponse; ms: number }> {
    const started = Date.now()
    let timer: NodeJS.Timeout | undefined
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what}: no answer within ${HANG_MS} ms`)),
        HANG_MS,
      )
    })
    try {
      const res = await Promise.race([request(), hang])
      return { res, ms: Date.now() - started }
    } finally {
      clearTimeout(timer)
    }
  }
  const register = (tag = randomBytes(4).toString('hex'), label = 'fault') =>
    timed('registration', () =>
      app.inject({ method: 'POST', url: '/api/register', payload: registrationFor(tag, label) }),
    )
  const staffRead = () =>
    timed('staff read', () =>
      app.inject({ method: 'GET', url: '/api/applicants?limit=5', headers: { cookie: admin } }),
    )
  const readiness = () =>
    timed('readiness', () => app.inject({ method: 'GET', url: '/api/health' }))

  function expectBrieflyUnavailable({ res }: { res: LightMyRequestResponse }) {
    expect(res.statusCode, res.body).toBe(503)
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(res.json()).toEqual({
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
      code: 'DATABASE_UNAVAILABLE',
    })
  }

  /** Registers until it works; how long that took. */
  async function recoveryMs(): Promise<number> {
    const started = Date.now()
    for (;;) {
      const { res } = await register()
      if (res.statusCode === 201) return Date.now() - started
      expect(res.statusCode, res.body).toBe(503)
      if (Date.now() - started > 20_000) throw new Error('registration did not come back')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  it('stalled: registrations, a staff read and readiness answer 503 with Retry-After within seconds, and registration works again once the network is back, without a restart', async () => {
    // Connections in the pool first, so that the stall catches them open.
    const warm = await Promise.all([register(), register(), staffRead()])
    expect(warm.map((w) => w.res.statusCode)).toEqual([201, 201, 200])

    proxy.stall()
    try {
      const [health, read, ...registrations] = await Promise.all([
        readiness(),
        staffRead(),
        // More than the registration batcher runs at once: it must give its slots back.
        ...Array.from({ length: 8 }, () => register()),
      ])
      console.log(
        `stall: readiness ${health.ms} ms, staff read ${read.ms} ms, registrations ${registrations.map((r) => r.ms).join(', ')} ms`,
      )
      expect(health.res.statusCode).toBe(503)
      expect(health.ms).toBeLessThan(4000)
      expectBrieflyUnavailable(read)
      expect(read.ms).toBeLessThan(8000)
      for (const registration of registrations) {
        expectBrieflyUnavailable(registration)
        expect(registration.ms).toBeLessThan(8000)
      }
    } finally {
      proxy.resume()
    }
    const recovered = await recoveryMs()
    console.log(`stall: registration works again ${recovered} ms after the network came back`)
    expect(recovered).toBeLessThan(10_000)
    expect((await readiness()).res.statusCode).toBe(200)
  }, 90_000)

  it('refused: requests answer 503 with Retry-After (not 500) at once, and work again when the database is back', async () => {
    proxy.refuse()
    proxy.cutAll()
    try {
      const [health, read, registration] = await Promise.all([readiness(), staffRead(), register()])
      console.log(
        `refused: readiness ${health.ms} ms, staff read ${read.ms} ms, registration ${registration.ms} ms`,
      )
      expect(health.res.statusCode).toBe(503)
      expectBrieflyUnavailable(read)
      expectBrieflyUnavailable(registration)
      for (const answer of [health, read, registration]) expect(answer.ms).toBeLessThan(3000)
    } finally {
      proxy.resume()
    }
    const recovered = await recoveryMs()
    console.log(`refused: registration works again ${recovered} ms after the database came back`)
    expect(recovered).toBeLessThan(5000)
  }, 60_000)

  it('a silently dead listening connection is noticed by its heartbeat and reopened: a live event sent after it reaches the subscriber', async () => {
    const stream = await openEvents(`${base}/api/events`, admin)
    const notify = (topic: string) =>
      direct.db.execute(sql`select pg_notify('hackstage_changes', ${topic})`)
    /** Notifies `topic` until the stream sees it (or fails after `ms`); when it arrived. */
    const notifiedUntilSeen = async (topic: string, since: number, ms: number) => {
      const deadline = Date.now() + ms
      for (;;) {
        await notify(topic)
        const seen = stream.events.find(
          (e) => e.at >= since && e.event === 'change' && JSON.parse(e.data).topic === topic,
        )
        if (seen) return seen.at
        if (Date.now() > deadline)
          throw new Error(
            `no '${topic}' event within ${ms} ms; saw ${JSON.stringify(stream.events)}`,
          )
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    try {
      // The listener is connected (after the faults of the tests before) before its connection dies.
      await notifiedUntilSeen('activity', Date.now(), 15_000)
      const since = Date.now()
      proxy.blackhole()
      // Nothing closes the dead connection: only the listener's own heartbeat can find it out.
      const seen = await notifiedUntilSeen('rounds', since, 25_000)
      console.log(`dead listener: events flow again ${seen - since} ms after the cut`)
      const after = Date.now()
      await notify('submissions')
      await stream.change('submissions', after)
    } finally {
      await stream.close()
    }
  }, 60_000)

  it('an email queued just before every connection silently dies is delivered after, without a restart', async () => {
    const tag = randomBytes(4).toString('hex')
    const { res } = await register(tag, 'dead')
    expect(res.statusCode, res.body).toBe(201)
    const since = Date.now()
    proxy.blackhole()
    const message = await smtp.waitFor(`dead.${tag}@college.example`, 40_000)
    console.log(`dead connections: the email arrived ${Date.now() - since} ms after the cut`)
    expect(message.subject).not.toBe('')
  }, 60_000)
})
