import { EMAIL_STATUSES, EMAIL_TEMPLATES } from '@hackathon/contract'
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { literalList } from '../sql.js'
import { cascadeRef, createdAt, id, timestamptz, updatedAt } from './columns.js'

/**
 * The outbox: every email, rendered when it was queued (so what is sent is what the change
 * produced), with its delivery state. A pg-boss job carries only the id.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template', { enum: EMAIL_TEMPLATES }).notNull(),
    /** Essential messages (sign-in codes, staff invitations) go out even when notifications are off. */
    essential: boolean('essential').notNull().default(false),
    /**
     * `sending`: handed over to the SMTP server and not yet answered. A row left there by a process
     * that died is sent again, with the same Message-ID (docs/decisions/022-email-after-a-crash.md).
     */
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A live secret (a sign-in code, a temporary password), sealed, until the message is sent. */
    secretSealed: text('secret_sealed'),
    /** When the last attempt was handed over to the SMTP server (recorded before it begins). */
    handedOverAt: timestamptz('handed_over_at'),
    /** Refreshed by the process sending it, every few seconds while the attempt is in flight. */
    heartbeatAt: timestamptz('heartbeat_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('email_messages_created_at_idx').on(t.createdAt.desc()),
    index('email_messages_sending_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} = 'sending'`),
    check('email_messages_status_check', sql`${t.status} in (${literalList(EMAIL_STATUSES)})`),
  ],
)

/** Every delivery attempt, kept for the delivery log and for support questions. */
export const emailAttempts = pgTable(
  'email_attempts',
  {
    id: id(),
    messageId: cascadeRef('message_id', () => emailMessages.id),
    attemptedAt: createdAt(),
    ok: boolean('ok').notNull(),
    error: text('error'),
  },
  (t) => [index('email_attempts_message_id_idx').on(t.messageId)],
)
