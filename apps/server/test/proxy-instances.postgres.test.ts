/**
 * Issue 13, item 4: two app instances on one PostgreSQL behind a round-robin proxy (each request
 * goes to the other instance than the one before). Sessions, one-time codes and their limits,
 * login limits, jobs and live events must work whichever instance a request reaches.
 */
import { randomBytes } from 'node:crypto'
import { createServer, request as forward, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { startBackgroundWork } from '../src/background.js'
import { openPostgres, type Database } from '../src/db/client.js'
import { JobQueue } from '../src/jobs/queue.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff } from './staff-helpers.js'
import { eventually } from './support/eventually.js'
import { openEvents } from './support/event-stream.js'
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js'
import { postJson, staffCookie } from './support/http.js'
import { registrationFor } from './support/fixtures.js'

/** A proxy that sends each request to the next backend in turn, and counts where they went. */
function roundRobin(backends: string[]) {
  let next = 0
  const served = backends.map(() => 0)
  const server: Server = createServer((incoming, outgoing) => {
    const index = next++ % backends.length
    served[index]!++
    const target = new URL(incoming.url ?? '/', backends[index])
    const upstream = forward(
      target,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(upstream)
  })
  return { server, served }
}

describe('two instances behind a round-robin proxy', () => {
  let first: TestContext
  let second: { app: FastifyInstance; database: Database; jobs: JobQueue }
  let smtp: TestSmtpServer
  let proxy: ReturnType<typeof roundRobin>
  let base: string

  beforeAll(async () => {
    smtp = await startSmtpServer()
    const env = {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '4',
      OTP_MAX_PER_HOUR: '3',
      OTP_RESEND_SECONDS: '0',
      EMAIL_POLL_SECONDS: '0.5',
    }
    first = await createTestContext(env)
    const database = await openPostgres(first.database.url!, 5)
    const jobs = await JobQueue.start(database, (err) => {
      throw err
    })
    const app = await buildApp({ config: first.config, database, jobs, secrets: first.secrets })
    await startBackgroundWork(app)
    second = { app, database, jobs }
    const backends = [
      await first.app.listen({ port: 0, host: '127.0.0.1' }),
      await second.app.listen({ port: 0, host: '127.0.0.1' }),
    ]
    proxy = roundRobin(backends)
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
    await addStaff(first.database.db, {
      email: 'proxy-admin@example.org',
      password: 'proxy admin password',
      role: 'admin',
    })
  })
  afterAll(async () => {
    proxy.server.closeAllConnections()
    await new Promise((resolve) => proxy.server.close(resolve))
    await second.app.close()
    await second.jobs.stop()
    await second.database.close()
    await first.close()
    await smtp.stop()
  })

  const post = (path: string, body: unknown, headers?: Record<string, string>) =>
    postJson(base, path, body, headers)
  const signIn = () =>
    staffCookie(base, { email: 'proxy-admin@example.org', password: 'proxy admin password' })
  const register = (tag: string) => post('/api/register', registrationFor(tag, 'proxy'))

  it('keeps a staff session on either instance, and counts login failures across both', async () => {
    const cookie = await signIn()
    for (let i = 0; i < 4; i++)
      expect((await fetch(`${base}/api/auth/user`, { headers: { cookie } })).status).toBe(200)
    // Four wrong passwords, two on each instance: the fifth try is locked on whichever it reaches.
    for (let i = 0; i < 4; i++)
      expect(
        (await post('/api/auth/login', { email: 'proxy-admin@example.org', password: 'wrong' }))
          .status,
      ).toBe(401)
    expect(
      (
        await post('/api/auth/login', {
          email: 'proxy-admin@example.org',
          password: 'proxy admin password',
        })
      ).status,
    ).toBe(429)
    expect(proxy.served.every((n) => n > 0)).toBe(true)
  })

  it('sends each email once, takes a code asked on one instance on the other, and holds the code limit across both', async () => {
    // The first test left the account locked: start this one without its failures.
    await first.database.db.execute(sql`delete from rate_limits`)
    const cookie = await signIn()
    expect(
      (
        await post('/api/admin/email-settings', smtp.settings({ fromEmail: 'proxy@example.org' }), {
          cookie,
        })
      ).status,
    ).toBe(200)
    const tags = Array.from({ length: 6 }, () => randomBytes(4).toString('hex'))
    for (const tag of tags) expect((await register(tag)).status).toBe(201)
    const identifier = `proxy.${tags[0]}@college.example`
    // Both instances run the email worker; each confirmation arrives once.
    await eventually(
      () =>
        tags.every((t) => smtp.received.some((m) => m.to.includes(`proxy.${t}@college.example`))) ||
        undefined,
      'the confirmations',
    )
    await new Promise((resolve) => setTimeout(resolve, 1500))
    for (const tag of tags)
      expect(
        smtp.received.filter(
          (m) => m.to.includes(`proxy.${tag}@college.example`) && /registration/i.test(m.subject),
        ),
      ).toHaveLength(1)

    expect((await post('/api/applicant/send-otp', { identifier })).status).toBe(200)
    const codeMail = await eventually(
      () => smtp.received.find((m) => m.to.includes(identifier) && /\b\d{6}\b/.test(m.text)),
      'the sign-in code',
    )
    const code = /\b(\d{6})\b/.exec(codeMail.text)![1]!
    const verified = await post('/api/applicant/verify-otp', { identifier, otp: code })
    expect(verified.status).toBe(200)
    const token = ((await verified.json()) as { sessionToken: string }).sessionToken
    for (let i = 0; i < 2; i++)
      expect(
        (
          await fetch(`${base}/api/applicant/dashboard`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).status,
      ).toBe(200)
    // Three codes an hour per identifier: the second and third pass, the fourth is refused.
    expect((await post('/api/applicant/send-otp', { identifier })).status).toBe(200)
    expect((await post('/api/applicant/send-otp', { identifier })).status).toBe(200)
    expect((await post('/api/applicant/send-otp', { identifier })).status).toBe(429)
  }, 60_000)

  it('streams a change made through one instance to a dashboard connected through the other', async () => {
    const cookie = await signIn()
    // The stream is opened through the proxy, and so is the registration: they reach different instances.
    const stream = await openEvents(`${base}/api/events`, cookie)
    try {
      const since = Date.now()
      expect((await register(randomBytes(4).toString('hex'))).status).toBe(201)
      const event = await stream.change('applicants', since)
      expect(event.at - since).toBeLessThan(2000)
    } finally {
      await stream.close()
    }
  })
})
