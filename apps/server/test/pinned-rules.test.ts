/**
 * Issue 23, item 7: rules that a hand-made mutation of the source broke without any test failing.
 * Each test names the rule it holds, at its boundary (the last value allowed and the first one
 * refused), through the API where the rule reaches people.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLICANT_MESSAGES, ROUND_MESSAGES, STAGE_DETAILS_COLUMNS } from '@hackathon/contract'
import { rowsOf } from '../src/db/client.js'
import { rounds } from '../src/db/schema/index.js'
import { canonicalMobile } from '../src/lib/mobile-number.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { burst } from './support/burst.js'
import { eventually } from './support/eventually.js'
import {
  bearerFor,
  multipart,
  newApplicant,
  registrationFor,
  submitInRound,
} from './support/fixtures.js'
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js'

const FIRST = 'Preliminary Ideas Submission Round'
const SECOND = 'Prototype Submission and Selection Round'
/** PostgreSQL's integer, the type of every stage figure column. */
const INT_MAX = 2_147_483_647

describe('rules pinned at their boundaries', () => {
  let ctx: TestContext
  let smtp: TestSmtpServer
  let admin: string
  let jury: string
  let first: string
  let second: string
  const db = () => ctx.database.db

  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    {
      payload,
      headers = {},
      remoteAddress,
    }: {
      payload?: object
      headers?: Record<string, string>
      remoteAddress?: string
    } = {},
  ) => ctx.app.inject({ method, url, payload, headers, remoteAddress })

  /** A registered applicant with a submission in the first round, and their bearer token. */
  async function submittedInFirstRound() {
    const person = await newApplicant(db())
    await submitInRound(db(), person.id, first, 'https://github.com/pinned/entry', {
      submittedAt: new Date(),
    })
    return { ...person, token: await bearerFor(db(), person.id) }
  }

  /** Selected by the jury: returns the code of the confirmation link they were emailed. */
  async function selectedWithLink(person: { id: string; email: string }) {
    const selected = await inject('POST', `/api/applicants/${person.id}/select`, {
      payload: {},
      headers: { cookie: jury },
    })
    expect(selected.statusCode).toBe(200)
    const [mail] = await rowsOf<{ text: string }>(
      db(),
      sql`select text from email_messages
           where "to" = ${person.email} and template = 'selection-notice'`,
    )
    const link = /https:\/\/hack\.example\.org\/confirm-participation\?code=([\w%-]+)/.exec(
      mail!.text,
    )
    expect(link).not.toBeNull()
    return decodeURIComponent(link![1]!)
  }

  beforeAll(async () => {
    smtp = await startSmtpServer()
    ctx = await createTestContext({
      PUBLIC_URL: 'https://hack.example.org',
      EVENT_NAME: 'Pinned Hack',
      EMAIL_POLL_SECONDS: '0.5',
      // The per-minute limit of every route would answer a burst before the rule under test.
      RATE_LIMIT_PER_MINUTE: '100000',
    })
    admin = await signedInStaff(ctx.app, db(), 'admin')
    jury = await signedInStaff(ctx.app, db(), 'jury')
    expect(
      (
        await inject('POST', '/api/admin/email-settings', {
          payload: smtp.settings(),
          headers: { cookie: admin },
        })
      ).statusCode,
    ).toBe(200)
    const made = await db()
      .insert(rounds)
      .values(
        [FIRST, SECOND].map((name) => ({
          name,
          description: name,
          status: 'active' as const,
          startTime: new Date(Date.now() - 86_400_000),
          endTime: new Date(Date.now() + 30 * 86_400_000),
        })),
      )
      .returning()
    first = made.find((r) => r.name === FIRST)!.id
    second = made.find((r) => r.name === SECOND)!.id
    await db().execute(
      sql`insert into requirements (round_id, position, description, kind, required, file_types)
          select id, 0, 'Pitch deck', 'file', false, '["pdf"]'::jsonb from rounds`,
    )
  })
  afterAll(async () => {
    await ctx?.close()
    await smtp?.stop()
  })

  it('(a) delivers a sign-in code, then keeps it nowhere in the outbox row or the job queue', async () => {
    const person = registrationFor(randomBytes(4).toString('hex'), 'redacted')
    expect((await inject('POST', '/api/register', { payload: person })).statusCode).toBe(201)
    expect(
      (await inject('POST', '/api/applicant/send-otp', { payload: { identifier: person.email } }))
        .statusCode,
    ).toBe(200)
    const delivered = await eventually(
      () => smtp.received.find((m) => m.to.includes(person.email) && /code$/.test(m.subject)),
      'the sign-in code at the SMTP server',
    )
    const code = /^(\d{6}) is your Pinned Hack sign-in code$/.exec(delivered.subject)?.[1]
    expect(code, delivered.subject).toBeDefined()
    expect(delivered.text).toContain(code)
    const row = await eventually(async () => {
      const [message] = await rowsOf<Record<string, unknown>>(
        db(),
        sql`select * from email_messages
             where "to" = ${person.email} and template = 'one-time-code'`,
      )
      return message?.status === 'sent' ? message : undefined
    }, 'the sent status')
    // Everything staff could read of the message, and the sealed copy the worker used, are gone.
    expect(row.secret_sealed).toBeNull()
    expect(JSON.stringify(row)).not.toContain(code)
    expect(row.subject).toBe('[[secret]] is your Pinned Hack sign-in code')
    const jobs = await rowsOf<{ data: unknown }>(
      db(),
      sql`select data from pgboss.job where data::text like ${`%${code}%`}`,
    )
    expect(jobs).toEqual([])
    // The code that went out is the live one.
    const signedIn = await inject('POST', '/api/applicant/verify-otp', {
      payload: { identifier: person.email, otp: code },
    })
    expect(signedIn.statusCode).toBe(200)
  })

  it('(b) checks at most 60 confirmation links an hour from one address, in a burst of 300 parallel checks, and refuses the 61st', async () => {
    const checks = await burst(300, (i) =>
      inject('GET', `/api/confirm-participation?code=not-a-code-${i}`, {
        remoteAddress: '203.0.113.161',
      }),
    )
    expect(checks.statuses).toEqual({ 400: 60, 429: 240 })
    const refused = checks.answers.find((a) => a.statusCode === 429)!
    expect(refused.json().message).toBe('Too many attempts. Please try again later.')
    // Checking and confirming share the count: the address may not confirm either.
    const confirm = await inject('POST', '/api/confirm-participation', {
      payload: { code: 'not-a-code-either' },
      remoteAddress: '203.0.113.161',
    })
    expect(confirm.statusCode).toBe(429)
    // Another address has its own 60.
    const elsewhere = await inject('GET', '/api/confirm-participation?code=not-a-code', {
      remoteAddress: '203.0.113.162',
    })
    expect(elsewhere.statusCode).toBe(400)
  })

  it('(b) confirms at most 60 links an hour from one address, in a burst of 300 parallel clicks', async () => {
    const clicks = await burst(300, (i) =>
      inject('POST', '/api/confirm-participation', {
        payload: { code: `not-a-code-${i}` },
        remoteAddress: '203.0.113.163',
      }),
    )
    expect(clicks.statuses).toEqual({ 400: 60, 429: 240 })
  })

  it("(c) takes a stage figure up to the database's integer range and refuses one above it with 422 and the row's message, changing nothing", async () => {
    const upload = (value: number | string, dryRun: boolean) => {
      const csv = [STAGE_DETAILS_COLUMNS.join(','), `${FIRST},${value},,,,,,`].join('\r\n')
      const { body, contentType } = multipart('file', 'figures.csv', Buffer.from(csv))
      return inject('POST', `/api/stage-details/upload${dryRun ? '?dryRun=true' : ''}`, {
        payload: body,
        headers: { cookie: admin, 'content-type': contentType },
      })
    }
    const figure = async () =>
      (
        await rowsOf<{ p: number | null }>(
          db(),
          sql`select total_participants as p from rounds where id = ${first}`,
        )
      )[0]!.p

    const largest = await upload(INT_MAX, false)
    expect(largest.statusCode).toBe(200)
    expect(largest.json()).toMatchObject({ updated: 1, errorCount: 0 })
    expect(await figure()).toBe(INT_MAX)

    // A dry run reports the row (200, as a dry run always answers); the upload refuses it.
    for (const dryRun of [true, false]) {
      const above = await upload(INT_MAX + 1, dryRun)
      expect(above.statusCode, `dry run: ${dryRun}`).toBe(dryRun ? 200 : 422)
      expect(above.json()).toMatchObject({ updated: 0, errorCount: 1 })
      expect(above.json().errors).toEqual([
        {
          row: 2,
          message: `Total Participants must be a whole number of 0 or more (found '${INT_MAX + 1}')`,
        },
      ])
    }
    const far = await upload('99999999999999999999', false)
    expect(far.statusCode).toBe(422)
    expect(await figure()).toBe(INT_MAX)
  })

  it('(d) opens the next round to an applicant who confirmed their selection: they may submit there', async () => {
    const person = await submittedInFirstRound()
    const code = await selectedWithLink(person)
    const confirmed = await inject('POST', '/api/confirm-participation', { payload: { code } })
    expect(confirmed.statusCode).toBe(200)
    const bearer = { authorization: `Bearer ${person.token}` }
    const dashboard = await inject('GET', '/api/applicant/dashboard', { headers: bearer })
    expect(dashboard.json().applicant.status).toBe('confirmed')

    const listed = (await inject('GET', '/api/applicant/rounds', { headers: bearer })).json()
      .rounds as { id: string; access: string; locked: boolean; state: string | null }[]
    expect(listed.find((r) => r.id === second)).toMatchObject({
      access: 'open',
      locked: false,
      state: 'eligible',
    })
    const submitted = await inject('POST', '/api/applicant/submit-stage', {
      payload: { stageId: second, githubUrl: 'https://github.com/pinned/next', documents: [] },
      headers: bearer,
    })
    expect(submitted.statusCode).toBe(200)
    expect(
      (await inject('GET', '/api/applicant/dashboard', { headers: bearer })).json(),
    ).toMatchObject({ applicant: { status: 'submitted', currentStage: SECOND } })
  })

  it('(e) refuses a mobile number of 9 digits, even a real one, and takes 10', async () => {
    // Andorra's numbers are 6 digits after +376: a valid phone number of 9 digits in all.
    for (const mobile of ['+376 690 123', '987654321']) {
      const res = await inject('POST', '/api/register', {
        payload: { ...registrationFor(randomBytes(4).toString('hex'), 'short'), mobile },
      })
      expect(res.statusCode, mobile).toBe(400)
      expect(res.json().message, mobile).toContain('Mobile number must be at least 10 digits')
    }
    const ten = await inject('POST', '/api/register', {
      payload: {
        ...registrationFor(randomBytes(4).toString('hex'), 'ten'),
        mobile: '+372 512 3456',
      },
    })
    expect(ten.statusCode).toBe(201)
    // The server's own check, which sign-in and old rows go through, holds the same minimum.
    expect(canonicalMobile('+376 690 123', '91')).toBeUndefined()
    expect(canonicalMobile('+372 512 3456', '91')).toBe('+3725123456')
  })

  it('(f) refuses a round that ends at the moment it starts, and takes one that ends a minute later', async () => {
    const round = (startTime: string, endTime: string) => ({
      name: `Instant round ${randomBytes(3).toString('hex')}`,
      description: 'Over before it starts.',
      status: 'upcoming',
      startTime,
      endTime,
      requirements: [{ description: 'Idea document' }],
    })
    const at = '2030-01-01T09:00:00.000Z'
    const instant = await inject('POST', '/api/rounds', {
      payload: round(at, at),
      headers: { cookie: admin },
    })
    expect(instant.statusCode).toBe(400)
    expect(instant.json().message).toContain(ROUND_MESSAGES.endBeforeStart)
    const minute = await inject('POST', '/api/rounds', {
      payload: round(at, '2030-01-01T09:01:00.000Z'),
      headers: { cookie: admin },
    })
    expect(minute.statusCode).toBe(201)
    const edited = await inject('PUT', `/api/rounds/${minute.json().id}`, {
      payload: round(at, at),
      headers: { cookie: admin },
    })
    expect(edited.statusCode).toBe(400)
    expect(edited.json().message).toContain(ROUND_MESSAGES.endBeforeStart)
  })

  it("(g) starts the ranking CSV with UTF-8's byte order mark, then the header row", async () => {
    await submittedInFirstRound()
    const csv = await inject('GET', `/api/rounds/${first}/ranking.csv`, {
      headers: { cookie: admin },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(csv.rawPayload.subarray(3).toString('utf8')).toMatch(
      /^Rank,Registration ID,Name,College,Status,Normalized Score,Raw Score,Reviews,Spread\r\n/,
    )
  })

  it('(h) keeps a confirmation link valid for 14 days: it works after 13, not 14 days and a minute after it was sent', async () => {
    const person = await submittedInFirstRound()
    const code = await selectedWithLink(person)
    const check = () => inject('GET', `/api/confirm-participation?code=${encodeURIComponent(code)}`)
    // Time moves by moving the link's expiry back, as if the days had passed.
    const age = (interval: string) =>
      db().execute(
        sql`update confirmation_codes set expires_at = expires_at - ${interval}::interval
             where applicant_id = ${person.id}`,
      )
    const [{ days }] = (await rowsOf<{ days: number }>(
      db(),
      sql`select extract(epoch from expires_at - now()) / 86400 as days
            from confirmation_codes where applicant_id = ${person.id}`,
    )) as [{ days: number }]
    expect(Number(days)).toBeCloseTo(14, 2)
    expect((await check()).statusCode).toBe(200)
    await age('13 days')
    expect((await check()).statusCode).toBe(200)
    await age('1 day 1 minute')
    const expired = await check()
    expect(expired.statusCode).toBe(400)
    expect(expired.json().message).toBe(APPLICANT_MESSAGES.invalidLink)
    const click = await inject('POST', '/api/confirm-participation', { payload: { code } })
    expect(click.statusCode).toBe(400)
    expect(click.json().message).toBe(APPLICANT_MESSAGES.invalidLink)
  })
})
