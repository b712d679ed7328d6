/**
 * Issue 21, item 3, at the level of the outbox (both databases): each email carries a Message-ID
 * derived from its row, the hand-over to SMTP is recorded before the SMTP transaction, and a row
 * a dead process left in `sending` is taken up again with the same Message-ID, while one a live
 * sender still beats for is left alone (docs/decisions/022-email-after-a-crash.md).
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.js'
import {
  INTERRUPTED_AFTER_SECONDS,
  createEmailService,
  outboxMessageId,
} from '../src/modules/email/email.service.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { eventually } from './support/eventually.js'
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js'

interface Row {
  status: string
  attempts: number
  handed_over_at: Date | string | null
  heartbeat_at: Date | string | null
  secret_sealed: string | null
}

describe('the hand-over of an email to SMTP', () => {
  let ctx: TestContext
  let smtp: TestSmtpServer
  const email = () =>
    createEmailService({
      db: ctx.database.db,
      jobs: ctx.jobs,
      config: ctx.config,
      secrets: ctx.secrets,
    })
  const row = (id: string) =>
    rowsOf<Row>(
      ctx.database.db,
      sql`select status, attempts, handed_over_at, heartbeat_at, secret_sealed
            from email_messages where id = ${id}`,
    ).then((rows) => rows[0]!)
  const copiesOf = (id: string) =>
    smtp.received.filter((m) => m.messageId === `<outbox-${id}@hack.example.org>`)

  beforeAll(async () => {
    // The server keeps each message 1.5 s before it answers: long enough to look at the row.
    smtp = await startSmtpServer({ replyDelayMs: 1_500 })
    ctx = await createTestContext({
      PUBLIC_URL: 'https://hack.example.org',
      EMAIL_POLL_SECONDS: '0.5',
    })
    const admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/email-settings',
      payload: smtp.settings(),
      headers: { cookie: admin },
    })
    expect(saved.statusCode).toBe(200)
  })
  afterAll(async () => {
    await ctx.close()
    await smtp.stop()
  })

  it('names each email by its outbox row: <outbox-<id>@<host of PUBLIC_URL>>', () => {
    expect(
      outboxMessageId('6f1c0a52-9d1e-4c1b-8a6e-0d4f2b7c9e11', 'https://hack.example.org/'),
    ).toBe('<outbox-6f1c0a52-9d1e-4c1b-8a6e-0d4f2b7c9e11@hack.example.org>')
    expect(outboxMessageId('abc', 'http://localhost:3000')).toBe('<outbox-abc@localhost>')
  })

  it('records the hand-over (sending, with its time) before the SMTP server has answered, and sent after', async () => {
    const id = await ctx.database.db.transaction((tx) =>
      email().queue(tx, 'handed.over@example.org', 'one-time-code', {
        name: 'Handed',
        code: '615243',
        minutes: 10,
      }),
    )
    // The message is at the SMTP server, which has not answered yet.
    await eventually(() => copiesOf(id).length > 0 || undefined, 'the message at the server')
    const during = await row(id)
    expect(during.status).toBe('sending')
    expect(during.handed_over_at).not.toBeNull()
    expect(during.heartbeat_at).not.toBeNull()
    expect(during.secret_sealed).not.toBeNull()

    const after = await eventually(async () => {
      const r = await row(id)
      return r.status === 'sent' ? r : undefined
    }, 'the sent status')
    expect(after).toMatchObject({ attempts: 1, heartbeat_at: null, secret_sealed: null })
    const [copy] = copiesOf(id)
    expect(copy!.subject).toMatch(/^615243 /)
    expect(copy!.to).toEqual(['handed.over@example.org'])
    expect(copiesOf(id)).toHaveLength(1)
  })

  it('sends a row a dead process left in sending again, with the same Message-ID, and leaves one a live sender beats for', async () => {
    const sealed = ctx.secrets.seal('903817')
    const [dead, alive] = await rowsOf<{ id: string }>(
      ctx.database.db,
      sql`insert into email_messages
            ("to", subject, html, text, template, essential, status, attempts, secret_sealed,
             handed_over_at, heartbeat_at)
          values
            ('dead.sender@example.org', '[[secret]] is your sign-in code', '<p>[[secret]]</p>',
             'Code: [[secret]]', 'one-time-code', true, 'sending', 0, ${sealed},
             now() - interval '2 minutes', now() - make_interval(secs => ${INTERRUPTED_AFTER_SECONDS + 5})),
            ('live.sender@example.org', 'Welcome', '<p>Welcome</p>', 'Welcome',
             'registration-confirmation', false, 'sending', 0, null, now(), now())
          returning id`,
    )
    // Every instance sweeps every few seconds; one sweep is called here so as not to wait. Which
    // one takes it does not matter: the attempts below show it was taken once.
    await email().resumeInterrupted()
    await eventually(() => copiesOf(dead!.id).length > 0 || undefined, 'the interrupted message')
    const [copy] = copiesOf(dead!.id)
    expect(copy!.subject).toBe('903817 is your sign-in code')
    expect(copy!.to).toEqual(['dead.sender@example.org'])
    const resent = await eventually(async () => {
      const r = await row(dead!.id)
      return r.status === 'sent' ? r : undefined
    }, 'the resent row to be sent')
    // The interrupted attempt counts, and says what happened; then the one that went out.
    expect(resent.attempts).toBe(2)
    const attempts = await rowsOf<{ ok: boolean; error: string | null }>(
      ctx.database.db,
      sql`select ok, error from email_attempts where message_id = ${dead!.id} order by created_at, ok`,
    )
    expect(attempts).toEqual([
      {
        ok: false,
        error:
          'The sending was interrupted (the server stopped); sent again with the same Message-ID.',
      },
      { ok: true, error: null },
    ])
    // Sweeps again find nothing: it was taken once.
    expect(await email().resumeInterrupted()).toBe(0)
    expect(copiesOf(dead!.id)).toHaveLength(1)

    // The live one is its sender's: not taken, not sent by anyone else.
    expect((await row(alive!.id)).status).toBe('sending')
    expect(copiesOf(alive!.id)).toEqual([])
  })
})
