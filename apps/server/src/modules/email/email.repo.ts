import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { EmailService } from '@hackathon/contract'
import { rowsOf, type Db } from '../../db/client.js'
import { emailAttempts, emailMessages, settings } from '../../db/schema/index.js'

/** The email settings as stored: the SMTP password sealed (lib/secret-box.ts), never plain. */
export interface StoredEmailSettings {
  enableEmails: boolean
  emailService: EmailService
  emailHost: string
  emailPort: string
  emailUser: string
  emailPassSealed: string | null
  fromEmail: string
}

const KEY = 'email'

export async function loadSettings(db: Db): Promise<StoredEmailSettings | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY))
  return row?.value as StoredEmailSettings | undefined
}

export async function saveSettings(db: Db, value: StoredEmailSettings): Promise<void> {
  await db
    .insert(settings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } })
}

export type EmailMessageRow = typeof emailMessages.$inferSelect

export async function insertMessage(
  db: Db,
  values: typeof emailMessages.$inferInsert,
): Promise<EmailMessageRow> {
  const [row] = await db.insert(emailMessages).values(values).returning()
  return row!
}

export async function insertMessages(
  db: Db,
  values: (typeof emailMessages.$inferInsert)[],
): Promise<string[]> {
  if (values.length === 0) return []
  const rows = await db.insert(emailMessages).values(values).returning({ id: emailMessages.id })
  return rows.map((r) => r.id)
}

export async function findMessage(db: Db, id: string): Promise<EmailMessageRow | undefined> {
  const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id))
  return row
}

export async function findMessages(db: Db, ids: string[]): Promise<EmailMessageRow[]> {
  if (ids.length === 0) return []
  return db.select().from(emailMessages).where(inArray(emailMessages.id, ids))
}

/**
 * Records the hand-over to SMTP before it begins: the rows of `ids` still waiting (queued or
 * retrying) become `sending`, in one statement, and are returned; any other row is someone
 * else's, or done (docs/decisions/022-email-after-a-crash.md).
 */
export async function claimMessages(db: Db, ids: string[]): Promise<EmailMessageRow[]> {
  if (ids.length === 0) return []
  return db
    .update(emailMessages)
    .set({
      status: 'sending',
      handedOverAt: sql`now()`,
      heartbeatAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(inArray(emailMessages.id, ids), inArray(emailMessages.status, ['queued', 'retrying'])),
    )
    .returning()
}

/** The sender is alive: its rows in `sending` are not taken from it. */
export async function touchSending(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(emailMessages)
    .set({ heartbeatAt: sql`now()` })
    .where(and(inArray(emailMessages.id, ids), eq(emailMessages.status, 'sending')))
}

/** Whether takeInterrupted would take anything: a read on a partial index, no transaction. */
export async function anyInterrupted(
  db: Db,
  staleSeconds: number,
  exclude: string[],
): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from email_messages
         where status = 'sending'
           and heartbeat_at < now() - make_interval(secs => ${staleSeconds})
           and not (id = any(${`{${exclude.join(',')}}`}::uuid[]))
         limit 1`,
  )
  return rows.length > 0
}

/**
 * Rows left in `sending` by a sender that stopped beating `staleSeconds` ago (a killed process),
 * except `exclude` (this process's own): set back to `retrying`, the interrupted attempt counted
 * and logged, and returned for new jobs. One statement, so two instances never take the same row.
 */
export async function takeInterrupted(
  db: Db,
  staleSeconds: number,
  exclude: string[],
  error: string,
): Promise<{ id: string; essential: boolean }[]> {
  return rowsOf<{ id: string; essential: boolean }>(
    db,
    sql`with taken as (
          update email_messages
             set status = 'retrying', attempts = attempts + 1, last_error = ${error},
                 heartbeat_at = null, updated_at = now()
           where status = 'sending'
             and heartbeat_at < now() - make_interval(secs => ${staleSeconds})
             and not (id = any(${`{${exclude.join(',')}}`}::uuid[]))
          returning id, essential
        ), logged as (
          insert into email_attempts (message_id, ok, error)
          select id, false, ${error} from taken
        )
        select id, essential from taken`,
  )
}

export async function recordAttempt(
  db: Db,
  id: string,
  outcome: { status: 'sent' | 'retrying' | 'failed' | 'skipped'; error?: string },
): Promise<void> {
  const sent = outcome.status === 'sent'
  // The row's state and its attempt in one transaction: a reader (the delivery log) or a crash
  // between the two never sees a message sent with no attempt recorded.
  await db.transaction(async (tx) => {
    await tx
      .update(emailMessages)
      .set({
        status: outcome.status,
        lastError: outcome.error ?? null,
        updatedAt: sql`now()`,
        ...(outcome.status === 'skipped' ? {} : { attempts: sql`${emailMessages.attempts} + 1` }),
        heartbeatAt: null,
        // The live secret is kept, sealed, only until it has gone out (or never will).
        ...(outcome.status === 'retrying' ? {} : { secretSealed: null }),
        ...(sent ? { sentAt: sql`now()` } : {}),
      })
      .where(eq(emailMessages.id, id))
    if (outcome.status !== 'skipped') {
      await tx
        .insert(emailAttempts)
        .values({ messageId: id, ok: sent, error: outcome.error ?? null })
    }
  })
}

export function latestMessages(db: Db, limit: number): Promise<EmailMessageRow[]> {
  return db.select().from(emailMessages).orderBy(desc(emailMessages.createdAt)).limit(limit)
}
