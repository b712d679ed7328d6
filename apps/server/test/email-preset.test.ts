import { GMAIL_PRESET } from '@hackathon/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as repo from '../src/modules/email/email.repo.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn } from './staff-helpers.js'

/** Issue 22 item 8: the preset's host and port are the server's, whatever a client sends. */
describe('the email preset', () => {
  let ctx: TestContext
  let admin: string

  const saveSettings = (payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/email-settings',
      payload,
      headers: { cookie: admin },
    })
  const readSettings = () =>
    ctx.app.inject({ method: 'GET', url: '/api/admin/email-settings', headers: { cookie: admin } })

  beforeAll(async () => {
    ctx = await createTestContext()
    await addStaff(ctx.database.db, {
      email: 'organizer@example.org',
      password: 'organizer password',
      role: 'admin',
    })
    admin = await signIn(ctx.app, 'organizer@example.org', 'organizer password')
  })
  afterAll(() => ctx.close())

  it('stores the gmail preset with its own host and port when a client sends others', async () => {
    const saved = await saveSettings({
      enableEmails: true,
      emailService: 'gmail',
      emailHost: 'evil.example',
      emailPort: '25',
      emailUser: 'organizer@gmail.com',
      emailPass: 'app password',
      fromEmail: 'organizer@gmail.com',
    })
    expect(saved.statusCode).toBe(200)

    const stored = await repo.loadSettings(ctx.database.db)
    expect([stored?.emailHost, stored?.emailPort]).toEqual([GMAIL_PRESET.host, GMAIL_PRESET.port])
    const shown = (await readSettings()).json()
    expect([shown.emailService, shown.emailHost, shown.emailPort]).toEqual([
      'gmail',
      GMAIL_PRESET.host,
      GMAIL_PRESET.port,
    ])
  })

  it('keeps a custom server as typed', async () => {
    const saved = await saveSettings({
      enableEmails: true,
      emailService: 'custom',
      emailHost: 'mail.example.org',
      emailPort: '2525',
      emailUser: 'mailer@example.org',
      emailPass: 'smtp password',
      fromEmail: 'mailer@example.org',
    })
    expect(saved.statusCode).toBe(200)
    const shown = (await readSettings()).json()
    expect([shown.emailService, shown.emailHost, shown.emailPort]).toEqual([
      'custom',
      'mail.example.org',
      '2525',
    ])
  })

  it('shows and uses the preset for a gmail row stored with another host before the rule', async () => {
    await repo.saveSettings(ctx.database.db, {
      enableEmails: true,
      emailService: 'gmail',
      emailHost: 'evil.example',
      emailPort: '25',
      emailUser: 'organizer@gmail.com',
      emailPassSealed: ctx.secrets.seal('app password'),
      fromEmail: 'organizer@gmail.com',
    })
    const shown = (await readSettings()).json()
    expect([shown.emailHost, shown.emailPort]).toEqual([GMAIL_PRESET.host, GMAIL_PRESET.port])
  })
})
