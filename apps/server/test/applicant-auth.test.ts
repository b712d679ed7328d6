import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { applicantSessions, applicants, oneTimeCodes, rounds } from '../src/db/schema/index.js'
import { hashToken } from '../src/lib/secrets.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn } from './staff-helpers.js'
import { codesQueuedFor } from './support/codes.js'
import { eventually } from './support/eventually.js'
import { placeInRound } from './support/fixtures.js'

let sequence = 0
function person() {
  sequence += 1
  return {
    name: `Portal Student ${sequence}`,
    email: `portal${sequence}.${Date.now()}@college.example`,
    mobile: `91234${String(sequence).padStart(5, '0')}`,
    studentId: `P-${sequence}`,
    course: 'Information Technology',
    yearOfGraduation: '2027',
    collegeName: 'Portal College',
  }
}

describe('applicant sign-in with a one-time code', () => {
  let ctx: TestContext
  const post = (
    url: string,
    payload: object,
    headers: Record<string, string> = {},
    remoteAddress = '203.0.113.50',
  ) => ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress })
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers })
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

  async function registered() {
    const p = person()
    const res = await post('/api/register', p)
    expect(res.statusCode).toBe(201)
    return p
  }
  /** The newest code emailed to `email`, read from the outbox the worker filled. */
  const codeFor = (email: string, after = 0) =>
    eventually(async () => {
      const codes = await codesQueuedFor(ctx.database.db, ctx.secrets, email)
      return codes.length > after ? codes.at(-1) : undefined
    }, `a code for ${email}`)
  const codesSent = async (email: string) =>
    (
      await rowsOf(
        ctx.database.db,
        sql`select 1 from email_messages where "to" = ${email} and template = 'one-time-code'`,
      )
    ).length
  const signInApplicant = async (identifier: string, email: string) => {
    const before = await codesSent(email)
    expect((await post('/api/applicant/send-otp', { identifier })).statusCode).toBe(200)
    const otp = await codeFor(email, before)
    const res = await post('/api/applicant/verify-otp', { identifier, otp })
    expect(res.statusCode).toBe(200)
    return res.json().sessionToken as string
  }

  beforeAll(async () => {
    ctx = await createTestContext({ OTP_RESEND_SECONDS: '60', OTP_MAX_PER_HOUR: '5' })
  })
  afterAll(() => ctx.close())

  it('answers the same message for a registered and an unknown identifier, and emails a code only to the registered one', async () => {
    const p = await registered()
    const known = await post('/api/applicant/send-otp', { identifier: p.email.toUpperCase() })
    const unknown = await post('/api/applicant/send-otp', {
      identifier: 'nobody.at.all@example.org',
    })
    expect(known.statusCode).toBe(200)
    expect(unknown.json()).toEqual(known.json())
    expect(await codeFor(p.email)).toMatch(/^\d{6}$/)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const stray = await rowsOf(
      ctx.database.db,
      sql`select 1 from email_messages where "to" = 'nobody.at.all@example.org'`,
    )
    expect(stray).toHaveLength(0)
  })

  it('signs in by mobile number typed with punctuation, returns a bearer token and the applicant, and stores only hashes', async () => {
    const p = await registered()
    // With the country code, as a number is written abroad: one number, one applicant (issue 20).
    const typed = `+91 ${p.mobile.slice(0, 5)}-${p.mobile.slice(5)}`
    expect((await post('/api/applicant/send-otp', { identifier: typed })).statusCode).toBe(200)
    const otp = await codeFor(p.email)
    const res = await post('/api/applicant/verify-otp', { identifier: typed, otp })
    expect(res.statusCode).toBe(200)
    const { sessionToken, applicant } = res.json()
    expect(applicant.email).toBe(p.email)
    expect(sessionToken.length).toBeGreaterThanOrEqual(43)
    const codes = await ctx.database.db
      .select({ codeHash: oneTimeCodes.codeHash })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.applicantId, applicant.id))
    expect(codes.every((c) => c.codeHash !== otp && /^[0-9a-f]{64}$/.test(c.codeHash))).toBe(true)
    const [session] = await ctx.database.db
      .select()
      .from(applicantSessions)
      .where(eq(applicantSessions.applicantId, applicant.id))
    expect(session!.tokenHash).toBe(hashToken(sessionToken))
    expect((await get('/api/applicant/dashboard', bearer(sessionToken))).statusCode).toBe(200)
  })

  it('lets a code work once', async () => {
    const p = await registered()
    await post('/api/applicant/send-otp', { identifier: p.email })
    const otp = await codeFor(p.email)
    expect((await post('/api/applicant/verify-otp', { identifier: p.email, otp })).statusCode).toBe(
      200,
    )
    const again = await post('/api/applicant/verify-otp', { identifier: p.email, otp })
    expect(again.statusCode).toBe(401)
    expect(again.json().message).toBe(
      'Invalid or expired code. Check the latest email or request a new code.',
    )
  })

  it('refuses a code after its 10 minutes', async () => {
    const p = await registered()
    await post('/api/applicant/send-otp', { identifier: p.email })
    const otp = await codeFor(p.email)
    const [row] = await ctx.database.db
      .select({ id: applicants.id })
      .from(applicants)
      .where(eq(applicants.email, p.email))
    // Issued 10 minutes and a second ago, as the database clock sees it.
    await ctx.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.applicantId, row!.id))
    expect((await post('/api/applicant/verify-otp', { identifier: p.email, otp })).statusCode).toBe(
      401,
    )
  })

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const p = await registered()
    await post('/api/applicant/send-otp', { identifier: p.email })
    const otp = await codeFor(p.email)
    const wrong = otp === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/api/applicant/verify-otp', { identifier: p.email, otp: wrong })).statusCode,
      ).toBe(401)
    expect((await post('/api/applicant/verify-otp', { identifier: p.email, otp })).statusCode).toBe(
      401,
    )
  })

  it('refuses a resend within 60 seconds with 429, for unknown identifiers too', async () => {
    const p = await registered()
    expect((await post('/api/applicant/send-otp', { identifier: p.email })).statusCode).toBe(200)
    const known = await post('/api/applicant/send-otp', { identifier: p.email })
    expect(known.statusCode).toBe(429)
    expect(Number(known.headers['retry-after'])).toBeGreaterThan(0)
    expect(
      (await post('/api/applicant/send-otp', { identifier: 'ghost@example.org' })).statusCode,
    ).toBe(200)
    const unknown = await post('/api/applicant/send-otp', { identifier: 'ghost@example.org' })
    expect(unknown.statusCode).toBe(429)
    expect(unknown.json()).toEqual(known.json())
  })

  it('only the latest code works once a new one is sent', async () => {
    const quick = await createTestContext({ OTP_RESEND_SECONDS: '0' })
    try {
      const p = person()
      await quick.app.inject({ method: 'POST', url: '/api/register', payload: p })
      const codes: string[] = []
      for (let i = 0; i < 2; i++) {
        await quick.app.inject({
          method: 'POST',
          url: '/api/applicant/send-otp',
          payload: { identifier: p.email },
        })
        codes.push(
          await eventually(async () => {
            const codes = await codesQueuedFor(quick.database.db, quick.secrets, p.email)
            return codes.length > i ? codes[i] : undefined
          }, 'a code'),
        )
      }
      const verify = (otp: string) =>
        quick.app.inject({
          method: 'POST',
          url: '/api/applicant/verify-otp',
          payload: { identifier: p.email, otp },
        })
      if (codes[0] !== codes[1]) expect((await verify(codes[0]!)).statusCode).toBe(401)
      expect((await verify(codes[1]!)).statusCode).toBe(200)
    } finally {
      await quick.close()
    }
  })

  it('allows at most 5 codes an hour per identifier', async () => {
    const quick = await createTestContext({ OTP_RESEND_SECONDS: '0', OTP_MAX_PER_HOUR: '5' })
    try {
      const send = () =>
        quick.app.inject({
          method: 'POST',
          url: '/api/applicant/send-otp',
          payload: { identifier: 'hourly@example.org' },
        })
      for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200)
      const sixth = await send()
      expect(sixth.statusCode).toBe(429)
      expect(sixth.json().message).toBe('Too many codes requested. Please try again later.')
    } finally {
      await quick.close()
    }
  })

  // The same work for an unknown identifier as for a registered one: test/sign-in-work.test.ts.
  it('ends a bearer session at logout, after its idle time and after its absolute lifetime', async () => {
    const p = await registered()
    const token = await signInApplicant(p.email, p.email)
    expect((await post('/api/applicant/logout', {}, bearer(token))).statusCode).toBe(200)
    expect((await get('/api/applicant/dashboard', bearer(token))).statusCode).toBe(401)

    const idle = await signInApplicant(p.mobile, p.email)
    await ctx.database.db
      .update(applicantSessions)
      .set({ lastSeenAt: sql`now() - interval '25 hours'` })
      .where(eq(applicantSessions.tokenHash, hashToken(idle)))
    expect((await get('/api/applicant/dashboard', bearer(idle))).statusCode).toBe(401)

    const other = await registered()
    const absolute = await signInApplicant(other.email, other.email)
    expect((await get('/api/applicant/dashboard', bearer(absolute))).statusCode).toBe(200)
    await ctx.database.db
      .update(applicantSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(applicantSessions.tokenHash, hashToken(absolute)))
    expect((await get('/api/applicant/dashboard', bearer(absolute))).statusCode).toBe(401)
  })

  it('never lets a staff cookie through a bearer route, nor a bearer token through a staff route', async () => {
    await addStaff(ctx.database.db, {
      email: 'portal.admin@example.org',
      password: 'portal admin',
      role: 'admin',
    })
    const cookie = await signIn(ctx.app, 'portal.admin@example.org', 'portal admin')
    expect((await get('/api/applicant/dashboard', { cookie })).statusCode).toBe(401)
    const p = await registered()
    const token = await signInApplicant(p.email, p.email)
    expect((await get('/api/applicants', bearer(token))).statusCode).toBe(401)
    // The user call names a bearer session as the applicant it is (issue 22), never as staff.
    const user = await get('/api/auth/user', bearer(token))
    expect(user.statusCode).toBe(200)
    expect(user.json()).toMatchObject({ email: p.email, role: 'applicant' })
    expect((await get('/api/stage-stats', bearer(token))).statusCode).toBe(401)
    expect((await get('/api/staff', bearer(token))).statusCode).toBe(401)
  })
})

describe('the applicant portal', () => {
  let ctx: TestContext
  const get = (url: string, token: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
  const post = (url: string, token: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    })

  async function signedIn() {
    const p = person()
    await ctx.app.inject({ method: 'POST', url: '/api/register', payload: p })
    await ctx.app.inject({
      method: 'POST',
      url: '/api/applicant/send-otp',
      payload: { identifier: p.email },
    })
    const otp = await eventually(
      async () => (await codesQueuedFor(ctx.database.db, ctx.secrets, p.email))[0],
      'a code',
    )
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/applicant/verify-otp',
      payload: { identifier: p.email, otp },
    })
    return { token: res.json().sessionToken as string, id: res.json().applicant.id as string }
  }
  /** Advanced from the first round, as a selection would leave them. */
  const advanceFromFirstRound = async (id: string) => {
    const [first] = await ctx.database.db
      .select()
      .from(rounds)
      .where(eq(rounds.name, 'Stage 1: Ideas'))
    await placeInRound(ctx.database.db, id, first!.id, 'advanced')
  }

  beforeAll(async () => {
    ctx = await createTestContext()
    await ctx.database.db.insert(rounds).values([
      {
        name: 'Stage 1: Ideas',
        description: 'Share your idea',
        status: 'active',
        startTime: new Date('2026-01-01T00:00:00Z'),
      },
      {
        name: 'Stage 2: Prototype',
        description: 'Build it',
        status: 'active',
        startTime: new Date('2026-02-01T00:00:00Z'),
      },
      {
        name: 'Stage 3: Project',
        description: 'Finish it',
        status: 'upcoming',
        startTime: new Date('2026-03-01T00:00:00Z'),
      },
    ])
  })
  afterAll(() => ctx.close())

  it('shows a registered applicant 20% progress, no confirmation card, and only the first active stage unlocked', async () => {
    const { token } = await signedIn()
    const res = await get('/api/applicant/dashboard', token)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.currentStatus).toBe('registered')
    expect(body.requiresConfirmation).toBe(false)
    expect(
      body.activeRounds.map((r: { name: string; locked: boolean }) => [r.name, r.locked]),
    ).toEqual([
      ['Stage 1: Ideas', false],
      ['Stage 2: Prototype', true],
    ])
    expect(body.progress.map((p: { id: string; status: string }) => `${p.id}:${p.status}`)).toEqual(
      [
        'registered:completed',
        'selected:pending',
        'confirmed:pending',
        'submitted:pending',
        'reviewed:pending',
      ],
    )
  })

  it('lets a selected applicant confirm, unlocking later stages, and refuses one who is not selected (409)', async () => {
    const { token, id } = await signedIn()
    expect((await post('/api/applicant/confirm-participation', token)).statusCode).toBe(409)
    const before = (await get('/api/applicant/dashboard', token)).json()
    expect(before.rounds.map((r: { access: string }) => r.access)).toEqual([
      'open',
      'locked',
      'locked',
    ])
    await advanceFromFirstRound(id)
    const dashboard = (await get('/api/applicant/dashboard', token)).json()
    expect(dashboard.requiresConfirmation).toBe(true)
    // Stage 1 is decided for them, stage 2 opens, stage 3 waits for a selection in stage 2.
    expect(
      dashboard.rounds.map((r: { access: string; locked: boolean }) => [r.access, r.locked]),
    ).toEqual([
      ['decided', false],
      ['open', false],
      ['locked', true],
    ])
    const res = await post('/api/applicant/confirm-participation', token)
    expect(res.statusCode).toBe(200)
    expect(res.json().applicant.status).toBe('confirmed')
    const after = (await get('/api/applicant/dashboard', token)).json()
    expect(after.progress.find((p: { id: string }) => p.id === 'confirmed').status).toBe(
      'completed',
    )
  })

  it('lists all stages with their lock, an empty submissions list, and 404 for the documents of an unknown stage', async () => {
    const { token } = await signedIn()
    const list = (await get('/api/applicant/rounds', token)).json().rounds
    expect(list.map((r: { name: string }) => r.name)).toEqual([
      'Stage 1: Ideas',
      'Stage 2: Prototype',
      'Stage 3: Project',
    ])
    expect((await get('/api/applicant/my-submissions', token)).json()).toEqual({ submissions: [] })
    expect(
      (await get('/api/applicant/documents/00000000-0000-4000-8000-000000000000', token))
        .statusCode,
    ).toBe(404)
    expect((await get('/api/applicant/documents/not-a-uuid', token)).statusCode).toBe(400)
  })
})

describe('sign-in codes by SMS', () => {
  it('posts the code to the SMS webhook when one is configured', async () => {
    const received: { to: string; text: string; auth: string | undefined }[] = []
    const hook = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        received.push({ ...JSON.parse(body), auth: req.headers.authorization })
        res.end('ok')
      })
    })
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    const ctx = await createTestContext({
      SMS_WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/sms`,
      SMS_WEBHOOK_TOKEN: 'gateway-token',
    })
    try {
      const p = person()
      await ctx.app.inject({ method: 'POST', url: '/api/register', payload: p })
      await ctx.app.inject({
        method: 'POST',
        url: '/api/applicant/send-otp',
        payload: { identifier: p.mobile },
      })
      const sms = await eventually(async () => received[0], 'the SMS webhook call')
      // To the number in canonical form, E.164 (docs/decisions/019-mobile-numbers.md).
      expect(sms.to).toBe(`+91${p.mobile}`)
      expect(sms.text).toMatch(/^\d{6} is your .+ sign-in code/)
      expect(sms.auth).toBe('Bearer gateway-token')
    } finally {
      await ctx.close()
      hook.close()
    }
  })
})
