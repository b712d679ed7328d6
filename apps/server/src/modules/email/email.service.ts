import type {
  EmailLogEntry,
  EmailSettings,
  EmailSettingsInput,
  EmailTemplate,
} from '@hackathon/contract'
import { EMAIL_SETTINGS_MESSAGES, emailSettingsInput, sameSmtpAccount } from '@hackathon/contract'
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
const priorityOf = (template: EmailTemplate) => ({
  priority: ESSENTIAL_TEMPLATES.has(template) ? 10 : 0,
})
/** Messages one worker sends at once, over one pooled SMTP transport of up to 5 connections. */
const EMAIL_BATCH = 10

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
  const stored = async () => ({ ...DEFAULTS, ...(await repo.loadSettings(db)) })

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
      // A live secret (a sign-in code, a temporary password) never enters the outbox, which
      // staff can read: the message keeps a mark, and the job carries the secret sealed.
      const { data: shown, secret } = withoutSecret(template, data)
      const rendered = renderEmail(template, shown, {
        eventName: config.eventName,
        publicUrl: config.publicUrl,
      })
      const message = await repo.insertMessage(tx, {
        to,
        template,
        essential: ESSENTIAL_TEMPLATES.has(template),
        ...rendered,
      })
      await jobs.send(
        tx,
        EMAIL_QUEUE,
        { messageId: message.id, ...(secret ? { secret: secrets.seal(secret) } : {}) },
        priorityOf(template),
      )
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
     * read once and one pooled SMTP transport carries the whole batch. A message's promise
     * rejects when it should be tried again; pg-boss retries that job alone, with exponential
     * backoff, for more than 24 hours before giving up.
     */
    async deliverMany(
      items: { messageId: string; finalAttempt: boolean; secret?: string }[],
    ): Promise<PromiseSettledResult<void>[]> {
      const settings = await stored()
      const smtp = smtpOf(settings)
      const transport = smtp ? createSmtpTransport(smtp, { pooled: items.length > 1 }) : null
      try {
        return await Promise.allSettled(
          items.map(async ({ messageId, finalAttempt, secret }) => {
            const message = await repo.findMessage(db, messageId)
            if (!message || message.status === 'sent' || message.status === 'skipped') return
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
                const reveal = (text: string, html = false) => {
                  if (!secret) return text
                  const plain = secrets.open(secret)
                  return text.replaceAll(SECRET_MARK, html ? escapeHtml(plain) : plain)
                }
                await transport.sendMail({
                  from: fromOf(settings),
                  to: message.to,
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
        transport?.close()
      }
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

/** Declares the email queue with its retry policy and starts this instance's worker. */
export async function startEmailWorker(
  jobs: JobQueue,
  email: EmailServiceApi,
  config: Config,
): Promise<void> {
  const { retryLimit, retryDelaySeconds, retryDelayMaxSeconds, pollSeconds } = config.email
  await jobs.createQueue(EMAIL_QUEUE, {
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: retryDelayMaxSeconds,
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
}
