import { randomBytes, randomUUID } from 'node:crypto'
import { connect, type AddressInfo } from 'node:net'
import { APPLICANT_MESSAGES } from '@hackathon/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { applicants } from '../src/db/schema/index.js'
import { sweepRegistrationKeys } from '../src/modules/applicants/registration-keys.repo.js'
import { createTestContext, type TestContext } from './app.js'
import { burst } from './support/burst.js'
import { eventually } from './support/eventually.js'
import { registrationFor } from './support/fixtures.js'

/**
 * Issue 21 item 8: the answer to a registration can be lost (a kill, a dropped connection); the
 * form's retry carries the same Idempotency-Key and gets the original registration ID
 * (docs/product/registration.md#retries).
 */
describe('registration retried with an idempotency key', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  const fresh = (label: string) => registrationFor(randomBytes(4).toString('hex'), label)
  const register = (payload: object, key?: string, remoteAddress = '203.0.113.9') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload,
      remoteAddress,
      headers: key ? { 'idempotency-key': key } : {},
    })
  const stored = (email: string) =>
    rowsOf<{ registration_id: string; emails: number; activity: number }>(
      ctx.database.db,
      sql`select a.registration_id,
                 (select count(*)::int from email_messages m where m."to" = a.email) as emails,
                 (select count(*)::int from activity v where v.applicant_id = a.id) as activity
            from applicants a where lower(a.email) = lower(${email})`,
    )

  it('answers a retry with the same key and body with the original registration ID, registering once', async () => {
    const body = fresh('retry')
    const key = randomUUID()
    const first = await register(body, key)
    expect(first.statusCode).toBe(201)
    const again = await register(body, key)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(await stored(body.email)).toEqual([
      { registration_id: first.json().registrationId, emails: 1, activity: 1 },
    ])
  })

  it('refuses the same key with a different body with 422 and says why', async () => {
    const key = randomUUID()
    expect((await register(fresh('first'), key)).statusCode).toBe(201)
    const other = fresh('other')
    const res = await register(other, key)
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(APPLICANT_MESSAGES.idempotencyKeyReused)
    expect(await stored(other.email)).toEqual([])
  })

  it('still answers a duplicate email without a key, or with a new key, with the documented 409', async () => {
    const body = fresh('dup')
    expect((await register(body, randomUUID())).statusCode).toBe(201)
    for (const key of [undefined, randomUUID()]) {
      const res = await register(body, key)
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(APPLICANT_MESSAGES.duplicateEmail)
    }
  })

  it('refuses a malformed key with 400', async () => {
    const res = await register(fresh('bad'), 'x'.repeat(300))
    expect(res.statusCode).toBe(400)
  })

  it('answers 300 parallel retries with one key with one applicant and the same registration ID', async () => {
    const body = fresh('burst')
    const key = randomUUID()
    // From many addresses, as retries through a proxy pool would come: the limit is not the test.
    const answers = await burst(300, (i) => register(body, key, `198.18.7.${i % 250}`))
    expect(answers.statuses).toEqual({ 201: 300 })
    const ids = new Set(answers.answers.map((a) => a.json().registrationId))
    expect(ids.size).toBe(1)
    expect(await stored(body.email)).toEqual([
      { registration_id: [...ids][0], emails: 1, activity: 1 },
    ])
  }, 60_000)

  it('gives the original registration ID to the retry of a request whose answer was lost on a real connection', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = ctx.app.server.address() as AddressInfo
    const body = fresh('lost')
    const key = randomUUID()
    const payload = JSON.stringify(body)
    // The client sends the request and goes away before the answer (a dropped connection).
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
            `Content-Type: application/json\r\nIdempotency-Key: ${key}\r\n` +
            `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
          () => {
            socket.destroy()
            resolve()
          },
        )
      })
      socket.on('error', reject)
    })
    const registered = await eventually(async () => {
      const [row] = await ctx.database.db
        .select()
        .from(applicants)
        .where(eq(applicants.email, body.email))
      return row
    }, 'the registration whose answer was lost')
    const retry = await fetch(`http://127.0.0.1:${port}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: payload,
    })
    expect(retry.status).toBe(201)
    expect(await retry.json()).toEqual({
      registrationId: registered.registrationId,
      confirmationEmail: true,
    })
  })

  it('forgets keys after a day: the hourly sweep removes them', async () => {
    const body = fresh('old')
    const key = randomUUID()
    expect((await register(body, key)).statusCode).toBe(201)
    await ctx.database.db.execute(
      sql`update registration_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    )
    const young = randomUUID()
    expect((await register(fresh('young'), young)).statusCode).toBe(201)
    await sweepRegistrationKeys(ctx.database.db)
    const left = await rowsOf<{ key: string }>(
      ctx.database.db,
      sql`select key from registration_keys where key in (${key}, ${young})`,
    )
    expect(left).toEqual([{ key: young }])
    // The old key is unknown now: its retry is a new registration of a registered email.
    expect((await register(body, key)).statusCode).toBe(409)
  })
})
