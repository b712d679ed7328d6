import type {
  EmailLogEntry,
  EmailSettings,
  EmailSettingsInput,
  EmailTemplate,
} from '@hackathon/contract'
import {
  EMAIL_SETTINGS_MESSAGES,
  emailSettingsInput,
  sameSmtpAccount,
  withPreset,
} from '@hackathon/contract'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { AppError } from '../../plugins/app-error.js'
import * as repo from './email.repo.js'
import { escapeHtml } from '../../lib/html.js'
import { ESSENTIAL_TEMPLATES, renderEmail, type TemplateData } from './email.templates.js'
import { createSmtpTransport, describeSmtpError, type SmtpSettings } from './smtp.js'

export const EMAIL_QUEUE = 'email.send'

/** Stands in the outbox where a live secret goes; the worker puts the secret in when it sends. */
export const SECRET_MARK = '[[secret]]'

/** The template's data with its live secret replaced by SECRET_MARK, and the secret. */
function withoutSecret<T extends EmailTemplate>(
  template: T,
  data: TemplateData[T],
): { data: TemplateData[T]; secret?: string } {
  if (template === 'one-time-code') {
    const d = data as TemplateData['one-time-code']
    return { data: { ...d, code: SECRET_MARK } as TemplateData[T], secret: d.code }
  }
  if (template === 'staff-invitation') {
    const d = data as TemplateData['staff-invitation']
    if (d.temporaryPassword)
      return {
        data: { ...d, temporaryPassword: SECRET_MARK } as TemplateData[T],
        secret: d.temporaryPassword,
      }
  }
  return { data }
}

/**
 * Sign-in codes and staff invitations go out before everything else queued (the queue is fetched
 * by priority, then age): a flood of receipts or announcements never holds up someone signing in.
 */
const priorityOf = (template: EmailTemplate) => jobOptions(ESSENTIAL_TEMPLATES.has(template))
/** A send resumed after a crash had its turn already: it goes before the notifications queued. */
const jobOptions = (essential: boolean, resumed = false) => ({
  priority: essential ? 10 : resumed ? 5 : 0,
  expireInSeconds: JOB_EXPIRE_SECONDS,
})
/** Messages one worker sends at once, over one pooled SMTP transport of up to 5 connections. */
const EMAIL_BATCH = 10

/**
 * A message in flight has its heartbeat refreshed every HEARTBEAT_SECONDS; one whose heartbeat is
 * INTERRUPTED_AFTER_SECONDS old was left by a process that died, and every instance looks for such
 * rows every SWEEP_SECONDS: an interrupted send resumes within about half a minute, not after the
 * job queue's 15-minute expiry (docs/decisions/022-email-after-a-crash.md).
 */
const HEARTBEAT_SECONDS = 5
export const INTERRUPTED_AFTER_SECONDS = 20
const SWEEP_SECONDS = 5
/**
 * A job claimed by a process that died before it recorded the hand-over is retried by the job
 * queue after this long (its default is 15 minutes); any longer-running job is harmless to retry,
 * as the row's state decides what happens.
 */
const JOB_EXPIRE_SECONDS = 120
const INTERRUPTED =
  'The sending was interrupted (the server stopped); sent again with the same Message-ID.'

/**
 * The Message-ID of an outbox row: the same on every attempt, so a receiving server can drop a
 * copy sent again after a crash (docs/decisions/022-email-after-a-crash.md).
 */
export function outboxMessageId(id: string, publicUrl: string): string {
  return `<outbox-${id}@${new URL(publicUrl).hostname}>`
}

const DEFAULTS: repo.StoredEmailSettings = {
  enableEmails: true,
  emailService: 'gmail',
  emailHost: '',
  emailPort: '',
  emailUser: '',
  emailPassSealed: null,
  fromEmail: '',
}

export type EmailServiceApi = ReturnType<typeof createEmailService>

export function createEmailService({
  db,
  jobs,
  config,
  secrets,
}: {
  db: Db
  jobs: JobQueue
  config: Config
  secrets: SecretBox
}) {
  // A preset's host and port are the server's, even in a row saved before that rule (issue 22).
  const stored = async () => {
    const row = await repo.loadSettings(db)
    return row ? withPreset({ ...DEFAULTS, ...row }) : DEFAULTS
  }
  /** The rows this process is sending now: never taken as interrupted by its own sweep. */
  const inFlight = new Set<string>()

  function smtpOf(settings: repo.StoredEmailSettings): SmtpSettings | null {
    if (!settings.emailHost) return null
    return {
      host: settings.emailHost,
      port: Number(settings.emailPort) || 587,
      user: settings.emailUser,
      password: settings.emailPassSealed ? secrets.open(settings.emailPassSealed) : '',
      requireTls: settings.emailService === 'gmail',
    }
  }

  const fromOf = (settings: repo.StoredEmailSettings) => ({
    name: config.eventName,
    address: settings.fromEmail || settings.emailUser,
  })

  return {
    /** Whether notifications (every email but codes and invitations) are on (issue 22). */
    notificationsOn: async (): Promise<boolean> => (await stored()).enableEmails,

    /** The settings as the settings page shows them: the password only as "one is set". */
    async getSettings(): Promise<EmailSettings> {
      const s = await stored()
      return {
        enableEmails: s.enableEmails,
        emailService: s.emailService,
        emailHost: s.emailHost,
        emailPort: s.emailPort,
        emailUser: s.emailUser,
        emailPass: '',
        passwordSet: s.emailPassSealed !== null,
        fromEmail: s.fromEmail,
      }
    },

    /**
     * Saves the settings; a new password is sealed. An empty password keeps the stored one only
     * for the host, port and user it was saved for: pointed at another server, the settings must
     * bring that server's password, or the stored one would be handed to any host an admin types
     * (docs/security.md). Switched off and pointed elsewhere, they keep no password.
     */
    async saveSettings(raw: EmailSettingsInput): Promise<void> {
      const input = emailSettingsInput.parse(raw)
      const current = await stored()
      const sameAccount = sameSmtpAccount(input, current)
      const emailPassSealed = input.emailPass
        ? secrets.seal(input.emailPass)
        : sameAccount
          ? current.emailPassSealed
          : null
      if (input.enableEmails && !emailPassSealed)
        throw new AppError(
          400,
          current.emailPassSealed && !sameAccount
            ? EMAIL_SETTINGS_MESSAGES.passwordForNewServer
            : EMAIL_SETTINGS_MESSAGES.passwordRequired,
        )
      await repo.saveSettings(db, {
        enableEmails: input.enableEmails,
        emailService: input.emailService,
        emailHost: input.emailHost,
        emailPort: input.emailPort,
        emailUser: input.emailUser,
        emailPassSealed,
        fromEmail: input.fromEmail,
      })
    },

    /** Logs in to the SMTP server and sends a test message to `to`, now, outside the outbox. */
    async sendTest(to: string): Promise<void> {
      const settings = await stored()
      const smtp = smtpOf(settings)
      if (!smtp)
        throw new AppError(400, 'Email is not configured yet: save the SMTP settings first.')
      const transport = createSmtpTransport(smtp)
      try {
        await transport.verify()
        await transport.sendMail({
          from: fromOf(settings),
          to,
          subject: `${config.eventName}: test message`,
          text: `This test message from ${config.eventName} (${config.publicUrl}) shows that email is configured correctly.`,
        })
      } catch (error) {
        throw new AppError(400, describeSmtpError(error, smtp))
      } finally {
        transport.close()
      }
    },

    /**
     * Queues an email inside `tx`, rendered now: it is sent exactly when the change that caused it
     * commits, and survives crashes and SMTP outages.
     */
    async queue<T extends EmailTemplate>(
      tx: Db,
      to: string,
      template: T,
      data: TemplateData[T],
    ): Promise<string> {
      // A live secret (a sign-in code, a temporary password) never enters what staff can read:
      // the message keeps a mark, and the row the secret sealed until it is sent (so a send
      // interrupted by a crash can be resumed from the row alone).
      const { data: shown, secret } = withoutSecret(template, data)
      const rendered = renderEmail(template, shown, {
        eventName: config.eventName,
        publicUrl: config.publicUrl,
      })
      const message = await repo.insertMessage(tx, {
        to,
        template,
        essential: ESSENTIAL_TEMPLATES.has(template),
        secretSealed: secret ? secrets.seal(secret) : null,
        ...rendered,
      })
      await jobs.send(tx, EMAIL_QUEUE, { messageId: message.id }, priorityOf(template))
      return message.id
    },

    /**
     * Queues many emails inside `tx` in a few statements: a bulk selection upload commits its
     * notices with its changes, or none of them.
     */
    async queueMany<T extends EmailTemplate>(
      tx: Db,
      template: T,
      items: { to: string; data: TemplateData[T] }[],
    ): Promise<void> {
      const context = { eventName: config.eventName, publicUrl: config.publicUrl }
      const essential = ESSENTIAL_TEMPLATES.has(template)
      for (let start = 0; start < items.length; start += 500) {
        const ids = await repo.insertMessages(
          tx,
          items.slice(start, start + 500).map(({ to, data }) => ({
            to,
            template,
            essential,
            ...renderEmail(template, data, context),
          })),
        )
        await jobs.sendMany(
          tx,
          EMAIL_QUEUE,
          ids.map((messageId) => ({ messageId })),
          priorityOf(template),
        )
      }
    },

    /**
     * One delivery attempt per message (the worker's jobs, a batch at a time): the settings are
     * read once and one pooled SMTP transport carries the whole batch. The hand-over is recorded
     * first (`sending`, in one statement), and kept alive by a heartbeat while the batch is out.
     * A message's promise rejects when its job should be tried again; pg-boss retries that job
     * alone, with exponential backoff, for more than 24 hours before giving up.
     */
    async deliverMany(
      items: { messageId: string; finalAttempt: boolean; secret?: string }[],
    ): Promise<PromiseSettledResult<void>[]> {
      const settings = await stored()
      const smtp = smtpOf(settings)
      const ids = items.map((i) => i.messageId)
      const claimed = new Map((await repo.claimMessages(db, ids)).map((m) => [m.id, m]))
      for (const id of claimed.keys()) inFlight.add(id)
      const unclaimed = ids.filter((id) => !claimed.has(id))
      const elsewhere = new Set(
        (await repo.findMessages(db, unclaimed))
          .filter((m) => m.status === 'sending')
          .map((m) => m.id),
      )
      const heartbeat = setInterval(() => {
        repo.touchSending(db, [...claimed.keys()]).catch(() => undefined)
      }, HEARTBEAT_SECONDS * 1000)
      const transport =
        smtp && claimed.size > 0 ? createSmtpTransport(smtp, { pooled: claimed.size > 1 }) : null
      try {
        return await Promise.allSettled(
          items.map(async ({ messageId, finalAttempt, secret: jobSecret }) => {
            const message = claimed.get(messageId)
            if (!message) {
              // Being sent by another worker: this job comes back later, and finds it sent (or,
              // if that worker died, taken up again by the sweep). Anything else is done.
              if (elsewhere.has(messageId) && !finalAttempt)
                throw new Error('The message is being sent by another worker.')
              return
            }
            if (!settings.enableEmails && !message.essential) {
              await repo.recordAttempt(db, messageId, {
                status: 'skipped',
                error: 'Email notifications are disabled',
              })
              return
            }
            let problem: string
            if (transport && smtp) {
              try {
                // A job queued before the secret moved to the row carries it itself.
                const secret = message.secretSealed ?? jobSecret
                const reveal = (text: string, html = false) => {
                  if (!secret) return text
                  const plain = secrets.open(secret)
                  return text.replaceAll(SECRET_MARK, html ? escapeHtml(plain) : plain)
                }
                await transport.sendMail({
                  from: fromOf(settings),
                  to: message.to,
                  messageId: outboxMessageId(message.id, config.publicUrl),
                  subject: reveal(message.subject),
                  html: reveal(message.html, true),
                  text: reveal(message.text),
                })
                await repo.recordAttempt(db, messageId, { status: 'sent' })
                return
              } catch (error) {
                problem = describeSmtpError(error, smtp)
              }
            } else {
              problem = 'Email is not configured yet: an admin must save the SMTP settings.'
            }
            await repo.recordAttempt(db, messageId, {
              status: finalAttempt ? 'failed' : 'retrying',
              error: problem,
            })
            throw new Error(problem)
          }),
        )
      } finally {
        clearInterval(heartbeat)
        for (const id of claimed.keys()) inFlight.delete(id)
        transport?.close()
      }
    },

    /**
     * Takes up the sends a dead process left in `sending` (its heartbeat stopped): each row goes
     * back to `retrying` with a new job, in one transaction, and is sent again with the same
     * Message-ID. It may have been delivered already; a second copy with one Message-ID is the
     * rule chosen over losing a sign-in code (docs/decisions/022-email-after-a-crash.md).
     */
    async resumeInterrupted(staleSeconds = INTERRUPTED_AFTER_SECONDS): Promise<number> {
      // Every few seconds on every instance: the common answer, none, costs no transaction.
      if (!(await repo.anyInterrupted(db, staleSeconds, [...inFlight]))) return 0
      return db.transaction(async (tx) => {
        const rows = await repo.takeInterrupted(tx, staleSeconds, [...inFlight], INTERRUPTED)
        for (const essential of [true, false]) {
          const ids = rows.filter((r) => r.essential === essential).map((r) => r.id)
          await jobs.sendMany(
            tx,
            EMAIL_QUEUE,
            ids.map((messageId) => ({ messageId })),
            jobOptions(essential, true),
          )
        }
        return rows.length
      })
    },

    async log(limit = 50): Promise<EmailLogEntry[]> {
      return (await repo.latestMessages(db, limit)).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject.replaceAll(SECRET_MARK, '••••••'),
        template: m.template,
        status: m.status,
        attempts: m.attempts,
        lastError: m.lastError,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      }))
    },
  }
}

/**
 * Declares the email queue with its retry policy, starts this instance's worker, and sweeps for
 * sends a dead process left behind (at once, then every few seconds). Returns what stops the sweep.
 */
export async function startEmailWorker(
  jobs: JobQueue,
  email: EmailServiceApi,
  config: Config,
  onSweepError: (error: unknown) => void = () => undefined,
): Promise<{ stop(): void }> {
  const { retryLimit, retryDelaySeconds, retryDelayMaxSeconds, pollSeconds } = config.email
  await jobs.createQueue(EMAIL_QUEUE, {
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: retryDelayMaxSeconds,
    expireInSeconds: JOB_EXPIRE_SECONDS,
    // Jobs are kept well past the last retry so that nothing queued is dropped unsent.
    retentionSeconds: 14 * 24 * 3600,
  })
  await jobs.workBatches<{ messageId: string; secret?: string }>(
    EMAIL_QUEUE,
    { pollingIntervalSeconds: pollSeconds, batchSize: EMAIL_BATCH },
    (batch) =>
      email.deliverMany(
        batch.map((job) => ({
          messageId: job.data.messageId,
          secret: job.data.secret,
          finalAttempt: job.retryCount >= retryLimit,
        })),
      ),
  )
  let stopped = false
  const sweep = () => {
    if (!stopped) email.resumeInterrupted().catch(onSweepError)
  }
  sweep()
  const timer = setInterval(sweep, SWEEP_SECONDS * 1000)
  timer.unref()
  return {
    stop() {
      stopped = true
      clearInterval(timer)
    },
  }
}
