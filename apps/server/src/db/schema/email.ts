import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from './columns.js'

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
    template: text('template', {
      enum: [
        'registration-confirmation',
        'one-time-code',
        'selection-notice',
        'submission-receipt',
        'staff-invitation',
      ],
    }).notNull(),
    /** Essential messages (sign-in codes, staff invitations) go out even when notifications are off. */
    essential: boolean('essential').notNull().default(false),
    status: text('status', { enum: ['queued', 'retrying', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('email_messages_created_at_idx').on(t.createdAt.desc()),
    check(
      'email_messages_status_check',
      sql`${t.status} in ('queued', 'retrying', 'sent', 'failed', 'skipped')`,
    ),
  ],
)

/** Every delivery attempt, kept for the delivery log and for support questions. */
export const emailAttempts = pgTable(
  'email_attempts',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => emailMessages.id, { onDelete: 'cascade' }),
    attemptedAt: createdAt(),
    ok: boolean('ok').notNull(),
    error: text('error'),
  },
  (t) => [index('email_attempts_message_id_idx').on(t.messageId)],
)
