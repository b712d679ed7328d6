/**
 * Issue 20, item 12: registration is not a channel for phishing. Emails go to any address typed
 * at registration, so they quote nothing an anonymous visitor typed except the recipient's own
 * name, and a name may not carry a link (docs/product/registration.md#names).
 */
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { applicants } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { eventually } from './support/eventually.js'
import { newApplicant } from './support/fixtures.js'

const NAME_MESSAGE = 'Name cannot contain a link, an email address or a web address'

const LINK_LIKE_NAMES = [
  'Pay the fee at https://fees.example/pay',
  'Pay the fee at http://fees.example',
  'HTTPS now',
  'Visit www.fees-portal.in',
  'Pay at payfee.in',
  'Fees at x.yz/pay',
  'Pay at t.co/abc123',
  'Mail fees@organizers.example',
  'Ravi Kumar ftp://files.example',
  'Pay at 203.0.113.9/fee',
]

const ORDINARY_NAMES = [
  'Asha Verma',
  'K. Ramesh',
  'K.Ramesh',
  'Dr. A. P. J. Abdul Kalam',
  "Mary-Jane O'Neil",
  'José García',
  'अर्जुन शर्मा',
  'Student 12',
  'Martin Luther King Jr.',
]

describe('registration as a phishing channel', () => {
  let ctx: TestContext
  let admin: string
  let n = 0
  const registration = (overrides: Record<string, unknown> = {}) => {
    n += 1
    const tag = `${n}${randomBytes(3).toString('hex')}`
    return {
      name: `Honest Student ${n}`,
      email: `phish.${tag}@college.example`,
      mobile: `97${String(parseInt(tag, 16)).padStart(8, '0').slice(-8)}`,
      studentId: `PH-${tag}`,
      course: 'Information Technology',
      yearOfGraduation: '2027',
      collegeName: 'Some College',
      ...overrides,
    }
  }
  const register = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: '203.0.113.40' })
  const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie: admin } })
  const emailsTo = (to: string) =>
    rowsOf<{ template: string; subject: string; text: string; html: string }>(
      ctx.database.db,
      sql`select template, subject, text, html from email_messages where "to" = ${to} order by created_at`,
    )

  beforeAll(async () => {
    ctx = await createTestContext({
      RATE_LIMIT_PER_MINUTE: '100000',
      REGISTER_MAX_PER_ADDRESS_PER_HOUR: '10000',
    })
    admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
  })
  afterAll(() => ctx.close())

  it('refuses a name with a link, an email address or a web address at public registration, with 400 and a message, and sends nothing', async () => {
    for (const name of LINK_LIKE_NAMES) {
      const payload = registration({ name })
      const res = await register(payload)
      expect(res.statusCode, name).toBe(400)
      expect(res.json().message, name).toContain(NAME_MESSAGE)
      expect(await emailsTo(payload.email), name).toHaveLength(0)
    }
  })

  it('takes ordinary names: initials, accents, other scripts, apostrophes, hyphens and digits', async () => {
    for (const name of ORDINARY_NAMES) {
      const res = await register(registration({ name }))
      expect(res.statusCode, name).toBe(201)
    }
  })

  it("refuses a link-like name in the admin's add and edit too", async () => {
    const manual = {
      email: `manual.${randomBytes(3).toString('hex')}@example.org`,
      mobile: '9700000001',
      studentId: 'M-1',
      college: 'Walk-in College',
      course: 'Other',
      year: '2027',
    }
    const added = await asAdmin('POST', '/api/applicants', {
      ...manual,
      name: 'Pay at www.fees.example',
    })
    expect(added.statusCode).toBe(400)
    expect(added.json().message).toContain(NAME_MESSAGE)

    const person = registration()
    const { registrationId } = (await register(person)).json()
    const [row] = await ctx.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.registrationId, registrationId))
    const edited = await asAdmin('PUT', `/api/applicants/${row!.id}`, {
      name: 'Pay at payfee.in',
      email: person.email,
      mobile: person.mobile,
      studentId: person.studentId,
      collegeName: person.collegeName,
      course: person.course,
      yearOfGraduation: person.yearOfGraduation,
      status: 'registered',
    })
    expect(edited.statusCode).toBe(400)
    expect(edited.json().message).toContain(NAME_MESSAGE)
  })

  it('quotes the name in the registration email and nothing else the visitor typed', async () => {
    const payload = registration({
      name: 'Anita Rao',
      collegeName: 'Pay your fee at fees-portal.example now',
      course: 'Other',
      studentId: 'STUDENT-ID-MARKER',
      yearOfGraduation: '2028',
      linkedinProfile: 'https://www.linkedin.com/in/linkedin-marker',
    })
    expect((await register(payload)).statusCode).toBe(201)
    const [mail] = await emailsTo(payload.email)
    expect(mail!.text).toContain('Hi Anita Rao,')
    for (const typed of [
      'fees-portal.example',
      'STUDENT-ID-MARKER',
      '2028',
      'linkedin-marker',
      payload.mobile,
    ]) {
      expect(mail!.subject).not.toContain(typed)
      expect(mail!.text).not.toContain(typed)
      expect(mail!.html).not.toContain(typed)
    }
  })

  it('leaves out a link-like name kept from before names refused links: the email greets without it', async () => {
    const person = await newApplicant(ctx.database.db)
    await ctx.database.db
      .update(applicants)
      .set({ name: 'Pay the fee at https://fees.example/pay' })
      .where(eq(applicants.id, person.id))
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/applicant/send-otp',
      payload: { identifier: person.email },
      remoteAddress: '203.0.113.41',
    })
    expect(res.statusCode).toBe(200)
    const mail = await eventually(
      async () => (await emailsTo(person.email)).find((m) => m.template === 'one-time-code'),
      'the sign-in email',
    )
    expect(mail.text.startsWith('Hi,\n')).toBe(true)
    expect(mail.text).not.toContain('fees.example')
    expect(mail.html).not.toContain('fees.example')
  })
})
