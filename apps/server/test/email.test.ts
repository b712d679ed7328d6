import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import { createEmailService } from '../src/modules/email/email.service.js'
import { describeSmtpError } from '../src/modules/email/smtp.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn, signedInStaff } from './staff-helpers.js'
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js'
import { smtpDialogue, startTcpServer } from './support/tcp-server.js'
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

  it('starts with the documented defaults (docs/product/email.md): emails enabled, the gmail preset, nothing configured', async () => {
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

  it('checks the fields with the contractual messages when emails are enabled, and not when disabled', async () => {
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

describe('the SMTP connection test (issue 20)', () => {
  let ctx: TestContext
  let smtp: TestSmtpServer
  let admin: string
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } })
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } })
  const servers: { close(): Promise<void> }[] = []
  const serve = async (onConnection: Parameters<typeof startTcpServer>[0]) => {
    const server = await startTcpServer(onConnection)
    servers.push(server)
    return server
  }
  /** Saves settings pointing at 127.0.0.1:`port` (with a password of its own), then tests them. */
  const testAgainst = async (port: number, overrides: object = {}) => {
    const saved = await post(
      '/api/admin/email-settings',
      smtp.settings({ emailPort: String(port), emailPass: 'a password', ...overrides }),
    )
    expect(saved.statusCode).toBe(200)
    return post('/api/admin/test-email', {})
  }

  beforeAll(async () => {
    smtp = await startSmtpServer()
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
  })
  afterAll(async () => {
    await ctx.close()
    await smtp.stop()
    for (const server of servers) await server.close()
  })

  it('uses the stored password only with the host, port and user it was saved for: a save for another server must bring its own', async () => {
    const other = await startSmtpServer({ user: smtp.user, password: 'the other password' })
    servers.push({ close: () => other.stop() })
    expect((await post('/api/admin/email-settings', smtp.settings())).statusCode).toBe(200)

    for (const change of [
      { emailPort: String(other.port) },
      { emailHost: 'localhost' },
      { emailUser: 'someone.else@example.org' },
    ]) {
      const moved = await post(
        '/api/admin/email-settings',
        smtp.settings({ ...change, emailPass: '' }),
      )
      expect(moved.statusCode).toBe(400)
      expect(moved.json().message).toBe(
        'Enter the password for this server: a saved password is only used with the host, port and email address it was saved for.',
      )
    }
    expect((await get('/api/admin/email-settings')).json()).toMatchObject({
      emailHost: '127.0.0.1',
      emailPort: String(smtp.port),
      emailUser: smtp.user,
      passwordSet: true,
    })
    expect((await post('/api/admin/test-email', {})).statusCode).toBe(200)
    expect(other.logins).toEqual([])

    // Switched off and pointed elsewhere, the settings keep no password for the new server.
    const off = await post(
      '/api/admin/email-settings',
      smtp.settings({ enableEmails: false, emailPort: String(other.port), emailPass: '' }),
    )
    expect(off.statusCode).toBe(200)
    expect((await get('/api/admin/email-settings')).json().passwordSet).toBe(false)

    // With its own password, the other server is tested, and only that password goes to it.
    const own = await post(
      '/api/admin/email-settings',
      smtp.settings({ emailPort: String(other.port), emailPass: 'the other password' }),
    )
    expect(own.statusCode).toBe(200)
    expect((await post('/api/admin/test-email', {})).statusCode).toBe(200)
    expect(other.logins.map((l) => l.password)).not.toContain(smtp.password)
    expect(other.logins.length).toBeGreaterThan(0)
  })

  it('never repeats the banner of a server that is not an SMTP server', async () => {
    const ssh = await serve((socket) =>
      socket.write('SSH-2.0-OpenSSH_9.6p1 internal-build-7731 jumphost.corp\r\n'),
    )
    const res = await testAgainst(ssh.port)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      `The server at 127.0.0.1:${ssh.port} did not answer as an SMTP server: check the host and port.`,
    )
    expect(res.body).not.toMatch(/OpenSSH|internal-build|jumphost/)
  })

  it('never repeats what an SMTP server said when it refused the login or the message', async () => {
    const greeting = '220 relay.corp.internal ESMTP SecretMTA 4.2.1 ready'
    const ehlo = '250-relay.corp.internal at your service\r\n250 AUTH PLAIN LOGIN'
    const refusesLogin = await serve(
      smtpDialogue(greeting, (command) =>
        /^(EHLO|HELO)/i.test(command)
          ? ehlo
          : '535 5.7.8 Account ops-mailer@corp.internal locked by policy RX-17',
      ),
    )
    const login = await testAgainst(refusesLogin.port)
    expect(login.statusCode).toBe(400)
    expect(login.json().message).toBe(
      'The SMTP server refused the login: check the email address and the password (for Gmail, an App Password).',
    )
    const refusesMessage = await serve(
      smtpDialogue(greeting, (command) =>
        /^(EHLO|HELO)/i.test(command)
          ? ehlo
          : /^AUTH/i.test(command)
            ? '235 2.7.0 Authentication successful'
            : '554 5.7.1 Relaying denied by policy RX-17 for ops-mailer@corp.internal',
      ),
    )
    const message = await testAgainst(refusesMessage.port)
    expect(message.statusCode).toBe(400)
    expect(message.json().message).toBe(
      'The SMTP server refused the message (reply code 554): check the sender address and that this account may send from it.',
    )
    for (const answer of [login, message])
      expect(answer.body).not.toMatch(/SecretMTA|relay\.corp|RX-17|ops-mailer/)
  })

  it('says TLS failed, in its own words, when the server cannot start TLS', async () => {
    // A server that offers STARTTLS, then answers the handshake with plain text. (The Gmail
    // preset always goes to Gmail's own host since issue 22, so it cannot point here.)
    const noTls = await serve((socket) => {
      socket.write('220 mail.example.org ESMTP\r\n')
      let upgrading = false
      socket.on('data', (chunk) => {
        if (upgrading) return void socket.end('this is not TLS\r\n')
        const line = chunk.toString('utf8')
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250-mail.example.org\r\n250 STARTTLS\r\n')
        else if (/^STARTTLS/i.test(line)) {
          upgrading = true
          socket.write('220 2.0.0 Ready to start TLS\r\n')
        }
      })
    })
    const res = await testAgainst(noTls.port, { emailService: 'custom' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      `Could not start TLS with the SMTP server at 127.0.0.1:${noTls.port}: port 465 expects SSL, 587 STARTTLS.`,
    )
  })

  it('maps every failure to one of a few fixed sentences, whatever the error carried', () => {
    const where = { host: 'mail.example.org', port: 587 }
    const secret = 'SECRET-REMOTE-TEXT'
    const cases: [object, string][] = [
      [
        { code: 'EDNS', message: `getaddrinfo ENOTFOUND ${secret}` },
        'SMTP host not found: mail.example.org',
      ],
      [
        { code: 'ESOCKET', message: `connect ECONNREFUSED ${secret}` },
        'The SMTP server at mail.example.org:587 refused the connection: check the host and port.',
      ],
      [
        { code: 'ECONNECTION', message: `Connection closed unexpectedly: ${secret}` },
        'Could not connect to the SMTP server at mail.example.org:587: check the host and port, and that this server may reach it.',
      ],
      [
        { code: 'ETIMEDOUT', message: `Greeting never received ${secret}` },
        'Timed out talking to the SMTP server at mail.example.org:587: check the host and port, and that this server may reach it.',
      ],
      [
        { code: 'ESOCKET', message: `${secret} SSL routines:ssl3_get_record:wrong version number` },
        'Could not start TLS with the SMTP server at mail.example.org:587: port 465 expects SSL, 587 STARTTLS.',
      ],
      [
        { code: 'EAUTH', message: `Invalid login: 535 ${secret}`, responseCode: 535 },
        'The SMTP server refused the login: check the email address and the password (for Gmail, an App Password).',
      ],
      [
        { code: 'EENVELOPE', message: `550 ${secret}`, responseCode: 550 },
        'The SMTP server refused the message (reply code 550): check the sender address and that this account may send from it.',
      ],
      [
        { message: secret },
        'The email could not be sent: the SMTP server at mail.example.org:587 gave an unexpected answer.',
      ],
    ]
    for (const [error, sentence] of cases) {
      const said = describeSmtpError(Object.assign(new Error(), error), where)
      expect(said).toBe(sentence)
      expect(said).not.toContain(secret)
    }
  })
})
