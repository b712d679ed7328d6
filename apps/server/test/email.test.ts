import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { createEmailService } from '../src/modules/email/email.service.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn } from './staff-helpers.js'
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js'
import { eventually } from './support/eventually.js'

describe('email service', () => {
  let ctx: TestContext
  let smtp: TestSmtpServer
  let admin: string
  let jury: string

  const post = (url: string, payload: object, cookie = admin) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } })
  const get = (url: string, cookie = admin) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } })
  const emailService = () =>
    createEmailService({
      db: ctx.database.db,
      jobs: ctx.jobs,
      config: ctx.config,
      secrets: ctx.secrets,
    })
  const messageStatus = (id: string) =>
    rowsOf<{ status: string; attempts: number; last_error: string | null }>(
      ctx.database.db,
      sql`select status, attempts, last_error from email_messages where id = ${id}`,
    ).then((rows) => rows[0]!)

  beforeAll(async () => {
    smtp = await startSmtpServer()
    ctx = await createTestContext({
      EVENT_NAME: 'Smart India Hackathon',
      PUBLIC_URL: 'https://hack.example.org',
      EMAIL_RETRY_DELAY_SECONDS: '1',
      EMAIL_RETRY_DELAY_MAX_SECONDS: '2',
      EMAIL_POLL_SECONDS: '0.5',
    })
    await addStaff(ctx.database.db, {
      email: 'organizer@example.org',
      password: 'organizer password',
      role: 'admin',
    })
    await addStaff(ctx.database.db, {
      email: 'judge@example.org',
      password: 'judge password',
      role: 'jury',
    })
    admin = await signIn(ctx.app, 'organizer@example.org', 'organizer password')
    jury = await signIn(ctx.app, 'judge@example.org', 'judge password')
  })
  afterAll(async () => {
    await ctx.close()
    await smtp.stop()
  })

  it('keeps email settings to admins', async () => {
    for (const cookie of [jury, '']) {
      const expected = cookie ? 403 : 401
      expect((await get('/api/admin/email-settings', cookie)).statusCode).toBe(expected)
      expect((await post('/api/admin/email-settings', smtp.settings(), cookie)).statusCode).toBe(
        expected,
      )
      expect((await post('/api/admin/test-email', {}, cookie)).statusCode).toBe(expected)
      expect((await get('/api/admin/email-log', cookie)).statusCode).toBe(expected)
    }
  })

  it('starts with the SPEC defaults: emails enabled, the gmail preset, nothing configured', async () => {
    const res = await get('/api/admin/email-settings')
    expect(res.json()).toEqual({
      enableEmails: true,
      emailService: 'gmail',
      emailHost: '',
      emailPort: '',
      emailUser: '',
      emailPass: '',
      passwordSet: false,
      fromEmail: '',
    })
  })

  it('checks the fields with the SPEC messages when emails are enabled, and not when disabled', async () => {
    const bad = await post('/api/admin/email-settings', {
      enableEmails: true,
      emailService: 'custom',
      emailHost: '',
      emailPort: '',
      emailUser: 'nope',
      emailPass: '',
      fromEmail: 'nope',
    })
    expect(bad.statusCode).toBe(400)
    for (const message of [
      'SMTP host is required',
      'SMTP port is required',
      'Valid email address required',
      'Valid sender email required',
    ]) {
      expect(bad.json().message).toContain(message)
    }
    const noPassword = await post('/api/admin/email-settings', smtp.settings({ emailPass: '' }))
    expect(noPassword.statusCode).toBe(400)
    expect(noPassword.json().message).toBe('Password is required')
    const off = await post('/api/admin/email-settings', {
      enableEmails: false,
      emailService: 'custom',
      emailHost: '',
      emailPort: '',
      emailUser: '',
      emailPass: '',
      fromEmail: '',
    })
    expect(off.statusCode).toBe(200)
  })

  it('saves the settings, seals the password at rest and never sends it back', async () => {
    const saved = await post('/api/admin/email-settings', smtp.settings())
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual({
      message: 'Your email configuration has been saved successfully.',
    })
    const res = await get('/api/admin/email-settings')
    expect(res.json()).toMatchObject({ emailHost: '127.0.0.1', passwordSet: true, emailPass: '' })
    expect(res.body).not.toContain(smtp.password)
    const stored = await rowsOf<{ value: unknown }>(
      ctx.database.db,
      sql`select value from settings where key = 'email'`,
    )
    expect(JSON.stringify(stored[0]!.value)).not.toContain(smtp.password)
    // Saving again with an empty password keeps the stored one.
    expect(
      (await post('/api/admin/email-settings', smtp.settings({ emailPass: '' }))).statusCode,
    ).toBe(200)
    expect((await get('/api/admin/email-settings')).json().passwordSet).toBe(true)
  })

  it('tests the connection by logging in and sending a message to the admin', async () => {
    await post('/api/admin/email-settings', smtp.settings({ emailPass: '' }))
    const res = await post('/api/admin/test-email', {})
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Email service is configured correctly.' })
    const message = await smtp.waitFor('organizer@example.org')
    expect(message.subject).toBe('Smart India Hackathon: test message')
    expect(message.from).toBe('hackathon@example.org')
  })

  it('answers a wrong SMTP password and a closed port with readable messages, not stacks', async () => {
    await post('/api/admin/email-settings', smtp.settings({ emailPass: 'wrong-password' }))
    const wrong = await post('/api/admin/test-email', {})
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe(
      'The SMTP server refused the login: check the email address and the password (for Gmail, an App Password).',
    )
    await post('/api/admin/email-settings', smtp.settings({ emailPort: '1' }))
    const closed = await post('/api/admin/test-email', {})
    expect(closed.statusCode).toBe(400)
    expect(closed.json().message).toContain('refused the connection')
    expect(closed.body).not.toMatch(/\bat .+\.js:\d+/)
    await post('/api/admin/email-settings', smtp.settings())
  })

  it('delivers a queued email once its transaction commits, escaping names in the HTML', async () => {
    await post('/api/admin/email-settings', smtp.settings())
    const res = await post('/api/staff', {
      email: 'new.jury@example.org',
      name: '<script>alert(1)</script> Jury',
      role: 'jury',
    })
    expect(res.statusCode).toBe(201)
    const invitation = await smtp.waitFor('new.jury@example.org')
    expect(invitation.subject).toBe('You have been added to Smart India Hackathon as a jury member')
    expect(invitation.html).not.toContain('<script>')
    expect(invitation.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Jury')
    expect(invitation.html).toContain('https://hack.example.org/admin/login')
    expect(invitation.text).toContain(res.json().temporaryPassword)
  })

  it('never sends an email queued in a rolled-back transaction', async () => {
    const email = emailService()
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await email.queue(tx, 'rolled.back@example.org', 'registration-confirmation', {
          name: 'Ghost',
          registrationId: 'HK-GHOST',
        })
        throw new Error('the registration failed after the email was queued')
      }),
    ).rejects.toThrow('the registration failed')
    const committed = await ctx.database.db.transaction((tx) =>
      email.queue(tx, 'committed@example.org', 'registration-confirmation', {
        name: 'Real',
        registrationId: 'HK-REAL',
      }),
    )
    await smtp.waitFor('committed@example.org')
    // The SMTP server has it; the worker records 'sent' a moment after the server's answer.
    await eventually(
      async () => ((await messageStatus(committed)).status === 'sent' ? true : undefined),
      'the sent status',
    )
    expect(smtp.received.some((m) => m.to.includes('rolled.back@example.org'))).toBe(false)
    const rows = await rowsOf(
      ctx.database.db,
      sql`select 1 from email_messages where "to" = 'rolled.back@example.org'`,
    )
    expect(rows).toHaveLength(0)
  })

  it('keeps retrying while the SMTP server is down and delivers exactly once when it is back', async () => {
    await smtp.stop()
    const id = await ctx.database.db.transaction((tx) =>
      emailService().queue(tx, 'patient@example.org', 'registration-confirmation', {
        name: 'Patient',
        registrationId: 'HK-WAIT',
      }),
    )
    const failing = await eventually(async () => {
      const row = await messageStatus(id)
      return row.attempts >= 1 ? row : undefined
    }, 'a failed attempt')
    expect(failing.status).toBe('retrying')
    expect(failing.last_error).toContain('refused the connection')
    await smtp.start()
    const arrived = await smtp.waitFor('patient@example.org', 30_000)
    expect(arrived.text).toContain('HK-WAIT')
    const done = await eventually(async () => {
      const row = await messageStatus(id)
      return row.status === 'sent' ? row : undefined
    }, 'the sent status')
    expect(done.attempts).toBeGreaterThanOrEqual(2)
    // Once: the retries before the outage ended did not leave a second copy behind.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(smtp.received.filter((m) => m.to.includes('patient@example.org'))).toHaveLength(1)
    const log = (await get('/api/admin/email-log')).json().messages
    expect(log.find((m: { id: string }) => m.id === id)).toMatchObject({
      status: 'sent',
      to: 'patient@example.org',
    })
  }, 60_000)

  it('keeps live sign-in codes and temporary passwords out of everything staff can read, and still delivers them', async () => {
    await post('/api/admin/email-settings', smtp.settings())
    const email = emailService()
    await ctx.database.db.transaction((tx) =>
      email.queue(tx, 'secret-code@example.org', 'one-time-code', {
        name: 'Coder',
        code: '730215',
        minutes: 10,
      }),
    )
    const invited = await post('/api/staff', {
      email: 'invited.judge@example.org',
      name: 'Invited Judge',
      role: 'jury',
    })
    expect(invited.statusCode).toBe(201)
    const temporaryPassword = invited.json().temporaryPassword as string
    expect(temporaryPassword.length).toBeGreaterThan(8)
    // Delivered with the secrets in them.
    expect((await smtp.waitFor('secret-code@example.org')).subject).toBe(
      '730215 is your Smart India Hackathon sign-in code',
    )
    expect((await smtp.waitFor('invited.judge@example.org')).text).toContain(temporaryPassword)
    // The outbox and the email log staff read hold neither.
    const stored = await rowsOf<{ subject: string; text: string; html: string }>(
      ctx.database.db,
      sql`select subject, text, html from email_messages
           where "to" in ('secret-code@example.org', 'invited.judge@example.org')`,
    )
    expect(stored).toHaveLength(2)
    for (const m of stored)
      for (const secret of ['730215', temporaryPassword])
        expect(`${m.subject} ${m.text} ${m.html}`).not.toContain(secret)
    const log = (await get('/api/admin/email-log')).json() as
      { subject: string }[] | { messages: { subject: string }[] }
    expect(JSON.stringify(log)).not.toContain('730215')
    expect(JSON.stringify(log)).toContain('•••••• is your Smart India Hackathon sign-in code')
  }, 60_000)

  it('with notifications disabled, skips a notification but still sends a sign-in code', async () => {
    await post('/api/admin/email-settings', smtp.settings({ enableEmails: false }))
    const email = emailService()
    const skipped = await ctx.database.db.transaction((tx) =>
      email.queue(tx, 'quiet@example.org', 'registration-confirmation', {
        name: 'Quiet',
        registrationId: 'HK-QUIET',
      }),
    )
    await ctx.database.db.transaction((tx) =>
      email.queue(tx, 'code@example.org', 'one-time-code', {
        name: 'Coder',
        code: '482913',
        minutes: 10,
      }),
    )
    const code = await smtp.waitFor('code@example.org')
    expect(code.subject).toBe('482913 is your Smart India Hackathon sign-in code')
    const row = await eventually(async () => {
      const r = await messageStatus(skipped)
      return r.status === 'skipped' ? r : undefined
    }, 'the skipped status')
    expect(row.last_error).toBe('Email notifications are disabled')
    expect(smtp.received.some((m) => m.to.includes('quiet@example.org'))).toBe(false)
    await post('/api/admin/email-settings', smtp.settings())
  })
})
