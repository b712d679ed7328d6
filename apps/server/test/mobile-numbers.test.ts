/**
 * Issue 20, item 3: one person, one mobile number. Every number that enters (public registration,
 * the admin's add and edit, sign-in) takes one canonical form, E.164 ("+919876543210"), and is
 * unique in it (docs/decisions/019-mobile-numbers.md). Runs on PGlite and on PostgreSQL.
 */
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { rowsOf } from '../src/db/client.js'
import { applicants, mobileNumberIssues } from '../src/db/schema/index.js'
import { canonicalMobile } from '../src/lib/mobile-number.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { addressOf, burst } from './support/burst.js'
import { codesQueuedFor } from './support/codes.js'
import { eventually } from './support/eventually.js'

/** One person's number, written the ways people write it. */
const SPELLINGS = [
  '9876543210',
  '98765-43210',
  '+91 98765 43210',
  '919876543210',
  '09876543210',
  '0091 98765 43210',
  '+91 (0) 98765 43210',
  '+91-98765-43210',
  '91 98765 43210',
  '(98765) 43210',
  '98765.43210',
  '+919876543210',
]

describe('the canonical form of a mobile number', () => {
  it('writes every spelling of one number as E.164: a plus, the country code and the number', () => {
    for (const typed of SPELLINGS) expect(canonicalMobile(typed, '91')).toBe('+919876543210')
  })

  it('adds DEFAULT_COUNTRY_CODE to a national number and keeps the code of an international one', () => {
    expect(canonicalMobile('202-555-0123', '1')).toBe('+12025550123')
    expect(canonicalMobile('(202) 555 0123', '1')).toBe('+12025550123')
    expect(canonicalMobile('+44 7911 123456', '91')).toBe('+447911123456')
    expect(canonicalMobile('0044 7911 123456', '1')).toBe('+447911123456')
    expect(canonicalMobile('+91 98765 43210', '1')).toBe('+919876543210')
  })

  it('is stable: the canonical form of a canonical form is itself, whatever the default country', () => {
    for (const typed of ['+919876543210', '+12025550123', '+447911123456', '+6581234567'])
      for (const country of ['91', '1', '44'])
        expect(canonicalMobile(canonicalMobile(typed, country)!, country)).toBe(typed)
  })

  it('refuses what cannot be a phone number: letters, extensions, too few or too many digits, an unknown country code or an impossible length', () => {
    for (const typed of [
      '',
      'not a number',
      'abc9876543210',
      '98765abc43210',
      '9876543210 ext 5',
      '9876543210x5',
      '98765+43210',
      '987654321',
      '1234567890123456',
      '+999 1234 567 890',
      '+98 1234 5678',
      '+91 98765 4321',
    ])
      expect(canonicalMobile(typed, '91'), typed).toBeUndefined()
  })
})

describe('DEFAULT_COUNTRY_CODE', () => {
  it('defaults to 91, takes a country calling code with or without its plus, and refuses anything else at start', () => {
    expect(loadConfig({}).defaultCountryCode).toBe('91')
    expect(loadConfig({ DEFAULT_COUNTRY_CODE: '+44' }).defaultCountryCode).toBe('44')
    expect(loadConfig({ DEFAULT_COUNTRY_CODE: ' 1 ' }).defaultCountryCode).toBe('1')
    for (const bad of ['IN', '999', '0', '9 1'])
      expect(() => loadConfig({ DEFAULT_COUNTRY_CODE: bad }), bad).toThrow(/DEFAULT_COUNTRY_CODE/)
  })
})

describe('one person, one mobile number', () => {
  let ctx: TestContext
  let admin: string
  let n = 0

  /** A valid public registration with its own email, and `mobile` as given. */
  const registration = (mobile: string, overrides: Record<string, unknown> = {}) => {
    n += 1
    const tag = `${n}.${randomBytes(3).toString('hex')}`
    return {
      name: `Mobile Student ${n}`,
      email: `mobile.${tag}@college.example`,
      mobile,
      studentId: `MS-${tag}`,
      course: 'Information Technology',
      yearOfGraduation: '2027',
      collegeName: 'Number College',
      ...overrides,
    }
  }
  const register = (payload: object, remoteAddress = '203.0.113.30') =>
    ctx.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress })
  const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie: admin } })
  const rowsWithMobile = (mobile: string) =>
    ctx.database.db.select().from(applicants).where(eq(applicants.mobile, mobile))
  /** A different number for each test: +91 98 then 8 digits. */
  let numbers = 0
  const freshNational = () => {
    numbers += 1
    return `98${String(Date.now() % 1_000_000).padStart(6, '0')}${String(numbers).padStart(2, '0')}`
  }
  const codesEmailedTo = (email: string) =>
    rowsOf<{ text: string }>(
      ctx.database.db,
      sql`select text from email_messages where "to" = ${email} and template = 'one-time-code'
           order by created_at`,
    )
  /** The code of the (after + 1)th sign-in email to `email`. */
  const codeEmailedTo = (email: string, after: number) =>
    eventually(async () => {
      const codes = await codesQueuedFor(ctx.database.db, ctx.secrets, email)
      return codes.length > after ? codes.at(-1) : undefined
    }, `a sign-in code for ${email}`)

  beforeAll(async () => {
    ctx = await createTestContext({
      RATE_LIMIT_PER_MINUTE: '100000',
      REGISTER_MAX_PER_ADDRESS_PER_HOUR: '10000',
      OTP_RESEND_SECONDS: '0',
      OTP_MAX_PER_HOUR: '100',
    })
    admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
  })
  afterAll(() => ctx.close())

  it('registers a number in its canonical form and refuses the same number written any other way with 409', async () => {
    const national = freshNational()
    const spellings = [
      national,
      `${national.slice(0, 5)}-${national.slice(5)}`,
      `+91 ${national.slice(0, 5)} ${national.slice(5)}`,
      `91${national}`,
      `0${national}`,
      `0091 ${national}`,
    ]
    const first = await register(registration(spellings[0]!))
    expect(first.statusCode).toBe(201)
    for (const typed of spellings.slice(1)) {
      const again = await register(registration(typed))
      expect(again.statusCode, typed).toBe(409)
      expect(again.json().message).toBe(
        'An applicant with this mobile number is already registered',
      )
    }
    const rows = await rowsWithMobile(`+91${national}`)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.registrationId).toBe(first.json().registrationId)
  })

  it('keeps one registration of a person out of a burst of 50 parallel ones with differently written numbers', async () => {
    const national = freshNational()
    const ways = [
      (d: string) => d,
      (d: string) => `${d.slice(0, 5)}-${d.slice(5)}`,
      (d: string) => `+91 ${d.slice(0, 5)} ${d.slice(5)}`,
      (d: string) => `91${d}`,
      (d: string) => `0${d}`,
      (d: string) => `+91 (0) ${d}`,
      (d: string) => `0091${d}`,
      (d: string) => `(${d.slice(0, 5)}) ${d.slice(5)}`,
    ]
    const answers = await burst(50, (i) =>
      register(registration(ways[i % ways.length]!(national)), addressOf(i)),
    )
    expect(answers.statuses).toEqual({ 201: 1, 409: 49 })
    expect(await rowsWithMobile(`+91${national}`)).toHaveLength(1)
    const [{ n: similar }] = (await rowsOf<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from applicants
           where regexp_replace(mobile, '\\D', '', 'g') like ${`%${national}`}`,
    )) as [{ n: number }]
    expect(similar).toBe(1)
  })

  it('refuses what cannot be a phone number with 400 and a message that says why, and stores nothing', async () => {
    const cases: [string, string][] = [
      [
        'call me maybe',
        'Mobile number can only contain digits, spaces, dashes, dots, brackets and a leading +',
      ],
      [
        '98765abc43',
        'Mobile number can only contain digits, spaces, dashes, dots, brackets and a leading +',
      ],
      ['98765', 'Mobile number must be at least 10 digits'],
      ['9876-54-321', 'Mobile number must be at least 10 digits'],
      ['1234567890123456', 'Mobile number must be at most 15 digits'],
      ['+98 1234 5678', 'Mobile number is not a valid phone number'],
      ['+999 1234 567 890', 'Mobile number is not a valid phone number'],
    ]
    for (const [typed, message] of cases) {
      const payload = registration(typed)
      const res = await register(payload)
      expect(res.statusCode, typed).toBe(400)
      expect(res.json().message, typed).toContain(message)
      expect(
        await rowsOf(ctx.database.db, sql`select 1 from applicants where email = ${payload.email}`),
      ).toHaveLength(0)
    }
  })

  it("stores the admin's manual add and edit in canonical form, and refuses another applicant's number written differently", async () => {
    const national = freshNational()
    const added = await asAdmin('POST', '/api/applicants', {
      name: 'Walk In',
      email: `walk.in.${national}@example.org`,
      mobile: `+91 ${national.slice(0, 5)} ${national.slice(5)}`,
      studentId: 'W-1',
      college: 'Walk-in College',
      course: 'Other',
      year: '2027',
    })
    expect(added.statusCode).toBe(201)
    expect(added.json().mobile).toBe(`+91${national}`)

    const twin = await asAdmin('POST', '/api/applicants', {
      name: 'Walk In Twin',
      email: `walk.twin.${national}@example.org`,
      mobile: `0${national}`,
      studentId: 'W-2',
      college: 'Walk-in College',
      course: 'Other',
      year: '2027',
    })
    expect(twin.statusCode).toBe(409)

    const other = registration(freshNational())
    const { registrationId } = (await register(other)).json()
    const [row] = await ctx.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.registrationId, registrationId))
    const edit = {
      name: other.name,
      email: other.email,
      mobile: `91${national}`,
      studentId: other.studentId,
      collegeName: other.collegeName,
      course: other.course,
      yearOfGraduation: other.yearOfGraduation,
      status: 'registered',
    }
    const clash = await asAdmin('PUT', `/api/applicants/${row!.id}`, edit)
    expect(clash.statusCode).toBe(409)
    expect(clash.json().message).toBe('An applicant with this mobile number is already registered')

    const mine = freshNational()
    const saved = await asAdmin('PUT', `/api/applicants/${row!.id}`, {
      ...edit,
      mobile: `(0${mine.slice(0, 4)}) ${mine.slice(4)}`,
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().mobile).toBe(`+91${mine}`)
    // The edit form sends the stored form back: saving it unchanged keeps it.
    const again = await asAdmin('PUT', `/api/applicants/${row!.id}`, {
      ...edit,
      mobile: saved.json().mobile,
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().mobile).toBe(`+91${mine}`)

    const refused = await asAdmin('PUT', `/api/applicants/${row!.id}`, {
      ...edit,
      mobile: 'ring me',
    })
    expect(refused.statusCode).toBe(400)
  })

  it("signs a victim typing their own number in to their own account: an attacker's differently written registration of it was refused", async () => {
    const national = freshNational()
    const victim = registration(`${national.slice(0, 5)} ${national.slice(5)}`)
    expect((await register(victim)).statusCode).toBe(201)
    const attacker = registration(`+91${national}`, { name: 'Not The Victim' })
    expect((await register(attacker)).statusCode).toBe(409)

    for (const typed of [national, `+91 ${national}`, `0${national}`, `91-${national}`]) {
      const before = (await codesEmailedTo(victim.email)).length
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/applicant/send-otp',
        payload: { identifier: typed },
        remoteAddress: '203.0.113.31',
      })
      expect(sent.statusCode).toBe(200)
      const otp = await codeEmailedTo(victim.email, before)
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/applicant/verify-otp',
        payload: { identifier: `+91 (0) ${national}`, otp },
        remoteAddress: '203.0.113.31',
      })
      expect(res.statusCode, typed).toBe(200)
      expect(res.json().applicant.email).toBe(victim.email)
    }
    expect(
      await rowsOf(
        ctx.database.db,
        sql`select 1 from email_messages where "to" = ${attacker.email}`,
      ),
    ).toHaveLength(0)
  })

  it("resolves an applicant's reported number when an admin edits it", async () => {
    const national = freshNational()
    const holder = (await register(registration(national))).json().registrationId as string
    const [held] = await ctx.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.registrationId, holder))
    // A duplicate as migration 0014 leaves it: the number as it was typed, and its report.
    const tag = randomBytes(4).toString('hex')
    const [legacy] = await ctx.database.db
      .insert(applicants)
      .values({
        registrationId: `HS-L${tag.slice(0, 3).toUpperCase()}-${tag.slice(3).toUpperCase()}Z`,
        name: 'Legacy Twin',
        email: `legacy.${tag}@college.example`,
        mobile: `+91 ${national}`,
        studentId: tag,
        course: 'Other',
        yearOfGraduation: '2027',
        collegeName: 'Legacy College',
      })
      .returning()
    await ctx.database.db.insert(mobileNumberIssues).values({
      applicantId: legacy!.id,
      kind: 'duplicate',
      canonical: `+91${national}`,
      heldBy: held!.id,
    })
    const edit = {
      name: legacy!.name,
      email: legacy!.email,
      mobile: legacy!.mobile,
      studentId: legacy!.studentId,
      collegeName: legacy!.collegeName,
      course: legacy!.course,
      yearOfGraduation: legacy!.yearOfGraduation,
      status: 'registered',
    }
    // Saved as it is, the number is the holder's: refused, and still reported.
    expect((await asAdmin('PUT', `/api/applicants/${legacy!.id}`, edit)).statusCode).toBe(409)
    const fixed = freshNational()
    const res = await asAdmin('PUT', `/api/applicants/${legacy!.id}`, { ...edit, mobile: fixed })
    expect(res.statusCode).toBe(200)
    expect(res.json().mobile).toBe(`+91${fixed}`)
    expect(
      await ctx.database.db
        .select()
        .from(mobileNumberIssues)
        .where(eq(mobileNumberIssues.applicantId, legacy!.id)),
    ).toHaveLength(0)
  })
})

describe('with DEFAULT_COUNTRY_CODE=1', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ DEFAULT_COUNTRY_CODE: '1' })
  })
  afterAll(() => ctx.close())

  it('registers a national number with country code 1 and an Indian one by its +91', async () => {
    const tag = randomBytes(3).toString('hex')
    const base = {
      studentId: `US-${tag}`,
      course: 'Other',
      yearOfGraduation: '2027',
      collegeName: 'Abroad College',
    }
    const us = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        ...base,
        name: 'Us Student',
        email: `us.${tag}@example.org`,
        mobile: '(202) 555-0123',
      },
    })
    expect(us.statusCode).toBe(201)
    const india = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        ...base,
        name: 'India Student',
        email: `in.${tag}@example.org`,
        mobile: '+91 98765 43210',
      },
    })
    expect(india.statusCode).toBe(201)
    const rows = await ctx.database.db
      .select({ mobile: applicants.mobile })
      .from(applicants)
      .where(sql`${applicants.email} in (${`us.${tag}@example.org`}, ${`in.${tag}@example.org`})`)
    expect(rows.map((r) => r.mobile).sort()).toEqual(['+12025550123', '+919876543210'])
  })
})
