/**
 * Issue 20, items 1 and 2: every limit that guards a sign-in is counted in the statement that
 * checks it, so a burst of 300 parallel requests gets exactly as far as the limit allows
 * (docs/decisions/018-atomic-limits-and-lockout.md). Runs on PGlite and on PostgreSQL.
 */
import { randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { applicantSessions, oneTimeCodes, staffSessions } from '../src/db/schema/index.js'
import { createAuthService } from '../src/modules/auth/auth.service.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff } from './staff-helpers.js'
import { addressOf, burst } from './support/burst.js'
import { eventually } from './support/eventually.js'
import { newApplicant } from './support/fixtures.js'

const BURST = 300

describe('one-time codes under a burst of 300 parallel requests', () => {
  let ctx: TestContext
  const post = (url: string, payload: object, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress })

  beforeAll(async () => {
    ctx = await createTestContext({
      RATE_LIMIT_PER_MINUTE: '100000',
      OTP_RESEND_SECONDS: '0',
      OTP_MAX_PER_HOUR: '5',
      OTP_MAX_ATTEMPTS: '5',
      OTP_MAX_PER_ADDRESS_PER_HOUR: '100',
      OTP_VERIFY_MAX_PER_ADDRESS_PER_HOUR: '200',
    })
  })
  afterAll(() => ctx.close())

  /** A live code for `applicantId`, as the sign-in job stores it: its id and the code itself. */
  async function liveCode(applicantId: string) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const [row] = await ctx.database.db
      .insert(oneTimeCodes)
      .values({
        applicantId,
        codeHash: ctx.secrets.mac(`${applicantId}:${code}`),
        expiresAt: sql`now() + interval '10 minutes'`,
      })
      .returning({ id: oneTimeCodes.id })
    return { id: row!.id, code }
  }
  /** The sign-in jobs queued so far have all run. */
  const jobsSettled = () =>
    eventually(async () => {
      const [row] = await rowsOf<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from pgboss.job
            where name = 'otp.issue' and state in ('created', 'retry', 'active')`,
      )
      return row!.n === 0 ? true : undefined
    }, 'the sign-in jobs to finish')

  it('compares at most OTP_MAX_ATTEMPTS guesses of a code: the right code among 300 parallel guesses, and after them, fails', async () => {
    const person = await newApplicant(ctx.database.db)
    const { id, code } = await liveCode(person.id)
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
    // A distributed attacker: every guess from its own address, the right code last.
    const guesses = await burst(BURST + 1, (i) =>
      post(
        '/api/applicant/verify-otp',
        { identifier: person.email, otp: i === BURST ? code : wrong(i) },
        addressOf(i),
      ),
    )
    const [row] = await ctx.database.db
      .select({ attempts: oneTimeCodes.attempts })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.id, id))
    expect(row!.attempts).toBe(5)
    expect(guesses.statuses).toEqual({ 401: BURST + 1 })
    const sessions = await ctx.database.db
      .select()
      .from(applicantSessions)
      .where(eq(applicantSessions.applicantId, person.id))
    expect(sessions).toHaveLength(0)
    const late = await post(
      '/api/applicant/verify-otp',
      { identifier: person.email, otp: code },
      '203.0.113.77',
    )
    expect(late.statusCode).toBe(401)
  })

  it('counts code checks per address in the statement that checks them: 200 of 300 parallel checks from one address are answered, 100 refused', async () => {
    const checks = await burst(BURST, (i) =>
      post(
        '/api/applicant/verify-otp',
        { identifier: `nobody.${i}@example.org`, otp: '123456' },
        '203.0.113.80',
      ),
    )
    expect(checks.statuses).toEqual({ 401: 200, 429: 100 })
  })

  it('issues at most OTP_MAX_PER_HOUR codes an hour to one applicant, whichever spelling of their email or mobile asks, under a burst of 300', async () => {
    const person = await newApplicant(ctx.database.db)
    const spellings = [
      person.email,
      person.email.toUpperCase(),
      person.mobile,
      `${person.mobile.slice(0, 5)} ${person.mobile.slice(5)}`,
    ]
    const requests = await burst(BURST, (i) =>
      post(
        '/api/applicant/send-otp',
        { identifier: spellings[i % spellings.length] },
        addressOf(1000 + i),
      ),
    )
    // Five per identifier (the email and the number): the rest refused in the same statement.
    expect(requests.statuses).toEqual({ 200: 10, 429: BURST - 10 })
    await jobsSettled()
    const codes = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.applicantId, person.id))
    expect(codes).toHaveLength(5)
  })

  it('counts code requests per address atomically: 100 of 300 parallel requests from one address for different people are accepted', async () => {
    const requests = await burst(BURST, (i) =>
      post('/api/applicant/send-otp', { identifier: `someone.${i}@example.org` }, '203.0.113.90'),
    )
    expect(requests.statuses).toEqual({ 200: 100, 429: 200 })
    expect(
      Number(requests.answers.find((a) => a.statusCode === 429)!.headers['retry-after']),
    ).toBeGreaterThan(0)
    await jobsSettled()
  })

  it('counts confirmation-link attempts per address atomically: 60 of 300 parallel bad links from one address are checked', async () => {
    const links = await burst(BURST, (i) =>
      post('/api/confirm-participation', { code: `not-a-code-${i}` }, '203.0.113.95'),
    )
    expect(links.statuses).toEqual({ 400: 60, 429: 240 })
  })
})

describe('staff sign-in under a burst of 300 parallel requests', () => {
  let ctx: TestContext
  const login = (email: string, password: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    })
  let sequence = 0
  async function account() {
    sequence += 1
    const email = `burst.staff${sequence}@example.org`
    await addStaff(ctx.database.db, { email, password: 'the right password', role: 'jury' })
    return email
  }

  beforeAll(async () => {
    ctx = await createTestContext({
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '10',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '50',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: '100',
    })
  })
  afterAll(() => ctx.close())

  it('checks at most 10 passwords of one account from one address in a burst of 300, then refuses 99 wrong and the right one together with 429', async () => {
    const email = await account()
    const first = await burst(BURST, () => login(email, 'wrong', '203.0.113.10'))
    expect(first.statuses).toEqual({ 401: 10, 429: BURST - 10 })
    const second = await burst(100, (i) =>
      login(email, i === 99 ? 'the right password' : 'wrong', '203.0.113.10'),
    )
    expect(second.statuses).toEqual({ 429: 100 })
  }, 120_000)

  it('does not let ten wrong passwords from elsewhere lock the owner out at their own address', async () => {
    const email = await account()
    const attacker = await burst(10, () => login(email, 'wrong', '198.51.100.1'))
    expect(attacker.statuses).toEqual({ 401: 10 })
    expect((await login(email, 'the right password', '198.51.100.1')).statusCode).toBe(429)
    expect((await login(email, 'the right password', '203.0.113.20')).statusCode).toBe(200)
  }, 120_000)

  it('stops checking passwords of one account at 100 an hour from all addresses together (300 addresses at once), while single sign-on still signs the owner in', async () => {
    const email = await account()
    const spread = await burst(BURST, (i) => login(email, 'wrong', addressOf(i)))
    expect(spread.statuses).toEqual({ 401: 100, 429: BURST - 100 })
    expect((await login(email, 'the right password', '203.0.113.30')).statusCode).toBe(429)
    const auth = createAuthService({ db: ctx.database.db, config: ctx.config })
    const session = await auth.loginBySso(email)
    expect(session?.user.email).toBe(email)
    const [stored] = await ctx.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.userId, session!.user.id))
    expect(stored).toBeDefined()
  }, 120_000)

  it('checks at most 50 failed passwords from one address across accounts in a burst of 300', async () => {
    const spread = await burst(BURST, (i) =>
      login(`unknown${i}@example.org`, 'wrong', '203.0.113.40'),
    )
    expect(spread.statuses).toEqual({ 401: 50, 429: BURST - 50 })
  }, 120_000)
})
