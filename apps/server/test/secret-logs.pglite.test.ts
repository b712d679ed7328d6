import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from './support/eventually.js'
import { postJson, staffCookie } from './support/http.js'
import { startServerProcess } from './support/server-process.js'
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js'

/**
 * Issue 13: the real server, as a process logging at its most verbose level, through a whole
 * sign-in story (staff passwords, a wrong password, the SMTP password, a one-time code, a bearer
 * token, a session cookie, a password change); then its whole output is searched for each secret.
 */
describe('what the server logs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hk-logs-'))
  const port = 3700 + Math.floor(Math.random() * 200)
  const base = `http://127.0.0.1:${port}`
  const secrets = {
    adminPassword: 'Admin-Pass-7f3a9c',
    wrongPassword: 'Wrong-Pass-51e0b2',
    newPassword: 'New-Pass-c94d17e2',
    smtpPassword: 'Smtp-Pass-0a8b6f',
  }
  let server: Awaited<ReturnType<typeof startServerProcess>>
  let smtp: TestSmtpServer

  beforeAll(async () => {
    smtp = await startSmtpServer({ password: secrets.smtpPassword })
    server = await startServerProcess({
      dataDir,
      port,
      capture: true,
      env: {
        LOG_LEVEL: 'trace',
        ADMIN_EMAIL: 'logs-admin@example.org',
        ADMIN_PASSWORD: secrets.adminPassword,
        EMAIL_POLL_SECONDS: '0.5',
        OTP_RESEND_SECONDS: '0',
      },
    })
  }, 90_000)

  afterAll(async () => {
    await server.stop()
    await smtp.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const json = (path: string, body: unknown, headers?: Record<string, string>) =>
    postJson(base, path, body, headers)

  it('never contains a password, a one-time code, a bearer token or a session cookie', async () => {
    expect(
      (
        await json('/api/auth/login', {
          email: 'logs-admin@example.org',
          password: secrets.wrongPassword,
        })
      ).status,
    ).toBe(401)
    const cookie = await staffCookie(base, {
      email: 'logs-admin@example.org',
      password: secrets.adminPassword,
    })
    const sessionValue = cookie.split('=')[1]!
    expect(
      (
        await json(
          '/api/admin/email-settings',
          smtp.settings({ emailPass: secrets.smtpPassword, fromEmail: 'logs@example.org' }),
          { cookie },
        )
      ).status,
    ).toBe(200)
    expect(
      (
        await json('/api/register', {
          name: 'Log Reader',
          email: 'log.reader@college.example',
          mobile: '9123456780',
          studentId: 'LOG-1',
          course: 'Computer Science Engineering',
          yearOfGraduation: '2027',
          collegeName: 'Log College',
          linkedinProfile: '',
        })
      ).status,
    ).toBe(201)
    expect(
      (await json('/api/applicant/send-otp', { identifier: 'log.reader@college.example' })).status,
    ).toBe(200)
    const email = await eventually(
      () =>
        smtp.received.find(
          (m) => m.to.includes('log.reader@college.example') && /\b\d{6}\b/.test(m.text),
        ),
      'the sign-in code by email',
    )
    const code = /\b(\d{6})\b/.exec(email.text)![1]!
    const verified = await json('/api/applicant/verify-otp', {
      identifier: 'log.reader@college.example',
      otp: code,
    })
    expect(verified.status).toBe(200)
    const bearer = ((await verified.json()) as { sessionToken: string }).sessionToken
    expect(
      (
        await fetch(`${base}/api/applicant/dashboard`, {
          headers: { authorization: `Bearer ${bearer}` },
        })
      ).status,
    ).toBe(200)
    // A confirmation link opened in the browser, and a staff search for a person's name: neither
    // the code nor the search terms belong in a log (query strings are left out).
    const linkCode = 'Confirm-Code-6d2e91b7'
    await fetch(`${base}/confirm-participation?code=${linkCode}`)
    const searchTerm = 'Searched-Name-3b7c'
    expect(
      (await fetch(`${base}/api/applicants?search=${searchTerm}`, { headers: { cookie } })).status,
    ).toBe(200)

    expect(
      (
        await json(
          '/api/change-password',
          { currentPassword: secrets.adminPassword, newPassword: secrets.newPassword },
          { cookie },
        )
      ).status,
    ).toBe(200)

    await server.stop()
    const output = server.output
    expect(output).toContain('/confirm-participation')
    // The log is really there, at its most verbose: every request above was written.
    expect(output).toContain('/api/applicant/verify-otp')
    expect(output).toContain('/api/change-password')
    for (const [what, secret] of Object.entries({
      ...secrets,
      linkCode,
      searchTerm,
      code,
      bearer,
      sessionValue,
    })) {
      const found = new RegExp(
        `(?<![0-9A-Za-z])${secret.replace(/[-]/g, '\\-')}(?![0-9A-Za-z])`,
      ).test(output)
      expect(found, `${what} in the server's output`).toBe(false)
    }
  }, 90_000)
})
