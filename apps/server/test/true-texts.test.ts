import { APPLICANT_MESSAGES } from '@hackathon/contract'
import { eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { applicants, confirmationCodes } from '../src/db/schema/index.js'
import { hashToken } from '../src/lib/secrets.js'
import * as emailRepo from '../src/modules/email/email.repo.js'
import { renderEmail } from '../src/modules/email/email.templates.js'
import {
  selectionTemplate,
  stageDetailsTemplate,
} from '../src/modules/uploads/uploads.templates.js'
import { createTestContext, type TestContext } from './app.js'
import { codesQueuedFor } from './support/codes.js'
import { eventually } from './support/eventually.js'

let sequence = 0
function person() {
  sequence += 1
  return {
    name: `Truthful Student ${sequence}`,
    email: `truth${sequence}.${Date.now()}@college.example`,
    mobile: `93456${String(sequence).padStart(5, '0')}`,
    studentId: `T-${sequence}`,
    course: 'Information Technology',
    yearOfGraduation: '2027',
    collegeName: 'Truth College',
  }
}

/** Issue 22 item 4: what the platform tells people is what it does. */
describe('texts that are true', () => {
  let ctx: TestContext
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.77' })
  const codeFor = (email: string) =>
    eventually(
      async () => (await codesQueuedFor(ctx.database.db, ctx.secrets, email)).at(-1),
      `a code for ${email}`,
    )

  beforeAll(async () => {
    ctx = await createTestContext({ OTP_TTL_MINUTES: '1', OTP_RESEND_SECONDS: '0' })
  })
  afterAll(() => ctx.close())

  it('tells the sign-in page and the email the configured lifetime of a code, in the singular for 1 minute', async () => {
    const p = person()
    expect((await post('/api/register', p)).statusCode).toBe(201)
    const sent = await post('/api/applicant/send-otp', { identifier: p.email })
    expect(sent.json().message).toBe(
      'If this email or mobile number is registered, a 6-digit code is on its way to the email address we have for it. It expires in 1 minute.',
    )
    await codeFor(p.email)
    const [email] = await rowsOf<{ text: string; html: string }>(
      ctx.database.db,
      sql`select text, html from email_messages where "to" = ${p.email} and template = 'one-time-code'`,
    )
    expect(email!.text).toContain('It works once and expires in 1 minute.')
    expect(email!.html).toContain('expires in 1 minute.')
  })

  it('says a code is used up after 5 wrong tries, and keeps the ordinary text for a typo', async () => {
    const p = person()
    expect((await post('/api/register', p)).statusCode).toBe(201)
    await post('/api/applicant/send-otp', { identifier: p.email })
    const otp = await codeFor(p.email)
    const wrong = otp === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const typo = await post('/api/applicant/verify-otp', { identifier: p.email, otp: wrong })
      expect(typo.statusCode).toBe(401)
      expect(typo.json().message).toBe(
        'Invalid or expired code. Check the latest email or request a new code.',
      )
    }
    const right = await post('/api/applicant/verify-otp', { identifier: p.email, otp })
    expect(right.statusCode).toBe(401)
    expect(right.json().message).toBe(
      'This code has been used up after 5 wrong tries. Ask for a new code.',
    )
    expect(right.json().code).toBe('OTP_USED_UP')
  })

  it('checks a confirmation link without confirming: a bogus code is refused, a live one kept for the click', async () => {
    const check = (code: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/confirm-participation?code=${encodeURIComponent(code)}`,
        remoteAddress: '203.0.113.78',
      })
    const bogus = await check('not-a-real-code')
    expect(bogus.statusCode).toBe(400)
    expect(bogus.json().message).toBe(APPLICANT_MESSAGES.invalidLink)

    const p = person()
    const { registrationId } = (await post('/api/register', p)).json()
    const [row] = await ctx.database.db
      .update(applicants)
      .set({ status: 'selected' })
      .where(eq(applicants.registrationId, registrationId))
      .returning({ id: applicants.id })
    await ctx.database.db.insert(confirmationCodes).values({
      applicantId: row!.id,
      codeHash: hashToken('live-code-for-the-check'),
      expiresAt: sql`now() + interval '1 day'`,
    })
    const live = await check('live-code-for-the-check')
    expect(live.statusCode).toBe(200)
    const [after] = await ctx.database.db
      .select({ status: applicants.status })
      .from(applicants)
      .where(eq(applicants.id, row!.id))
    expect(after!.status).toBe('selected')
  })

  it('answers whether a confirmation email was queued, following the notifications switch', async () => {
    const on = await post('/api/register', person())
    expect(on.statusCode).toBe(201)
    expect(on.json().confirmationEmail).toBe(true)
    await emailRepo.saveSettings(ctx.database.db, {
      enableEmails: false,
      emailService: 'custom',
      emailHost: '',
      emailPort: '587',
      emailUser: '',
      emailPassSealed: null,
      fromEmail: '',
    })
    const off = await post('/api/register', person())
    expect(off.statusCode).toBe(201)
    expect(off.json().confirmationEmail).toBe(false)
  })
})

describe('the email templates', () => {
  const context = { eventName: 'Hack Week', publicUrl: 'https://hack.example' }

  it('mentions the button only in the HTML of the selection notice, not in its plain text', () => {
    const { html, text } = renderEmail(
      'selection-notice',
      { name: 'Asha', confirmUrl: 'https://hack.example/confirm/abc', validDays: 7 },
      context,
    )
    expect(html).toContain('the button below')
    expect(text).not.toMatch(/button/i)
    expect(text).toContain('Please confirm your participation with the link below within 7 days.')
    expect(text).toContain('Confirm participation: https://hack.example/confirm/abc')
  })

  it('counts days and minutes in the singular for one', () => {
    expect(
      renderEmail(
        'selection-notice',
        { name: 'Asha', confirmUrl: 'https://hack.example/confirm/abc', validDays: 1 },
        context,
      ).text,
    ).toContain('within 1 day.')
    expect(
      renderEmail('one-time-code', { name: 'Asha', code: '123456', minutes: 10 }, context).text,
    ).toContain('expires in 10 minutes.')
  })
})

describe('the upload templates organizers download', () => {
  it('never mention "the SPEC", which organizers have never seen', async () => {
    for (const file of [
      await stageDetailsTemplate(['stage1', 'stage2']),
      await selectionTemplate(['stage1', 'stage2']),
    ]) {
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(file as unknown as ArrayBuffer)
      const texts: string[] = []
      book.eachSheet((sheet) =>
        sheet.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value ?? '')))),
      )
      expect(texts.length).toBeGreaterThan(5)
      expect(texts.filter((t) => /\bSPEC\b/.test(t))).toEqual([])
    }
  })
})
