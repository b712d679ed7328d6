import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'

export const SMS_QUEUE = 'sms.send'

/** Anything that can deliver a text message; one implementation today, a webhook. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>
}

/**
 * Posts `{ to, text }` as JSON to SMS_WEBHOOK_URL (with SMS_WEBHOOK_TOKEN as a bearer token when
 * set): the organizer points it at their SMS gateway or a small relay (docs/decisions/008-applicant-sign-in.md).
 */
export function webhookSmsSender(url: string, token: string | undefined): SmsSender {
  return {
    async send(to, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) throw new Error(`The SMS webhook answered ${res.status}`)
    },
  }
}

export type SmsService = ReturnType<typeof createSmsService>

export function createSmsService({ jobs, config }: { jobs: JobQueue; config: Config }) {
  const sender = config.sms ? webhookSmsSender(config.sms.url, config.sms.token) : undefined
  return {
    enabled: Boolean(sender),
    /** Queues a text in `tx`, when an SMS sender is configured; otherwise does nothing. */
    async queue(tx: Db, to: string, text: string): Promise<void> {
      if (sender) await jobs.send(tx, SMS_QUEUE, { to, text })
    },
    async start(): Promise<void> {
      if (!sender) return
      await jobs.createQueue(SMS_QUEUE, {
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
        // A sign-in code is worthless after 10 minutes: do not keep retrying, nor keep it around.
        expireInSeconds: 60,
        deleteAfterSeconds: 600,
      })
      await jobs.workEach<{ to: string; text: string }>(
        SMS_QUEUE,
        { pollingIntervalSeconds: 1, batchSize: 5 },
        (job) => sender.send(job.data.to, job.data.text),
      )
    },
  }
}
