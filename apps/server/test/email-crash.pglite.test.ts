/**
 * Issue 21, item 3, on the embedded database: emails being sent when the server was killed went
 * out ~16 minutes later (the job queue's expiry), some twice with new Message-IDs. See
 * support/email-crash.ts for what is counted; docs/decisions/022-email-after-a-crash.md for the rule.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { killWhileSendingEmails } from './support/email-crash.js'
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js'

describe('a server killed while it sends emails (embedded database)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hk-mail-crash-'))
  let smtp: TestSmtpServer
  beforeAll(async () => {
    smtp = await startSmtpServer({ replyDelayMs: 500 })
  })
  afterAll(async () => {
    await smtp.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('delivers every outbox row within a minute of the restart, each with its own stable Message-ID, twice at most when it was handed over unanswered', async () => {
    const counted = await killWhileSendingEmails({ smtp, dataDir })
    console.info('email crash (embedded):', counted)
    expect(counted.sendingAtKill).toBeGreaterThan(0)
  }, 300_000)
})
