import { desc, eq, sql } from 'drizzle-orm'
import type { EmailService } from '@hackathon/contract'
import type { Db } from '../../db/client.js'
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

export async function recordAttempt(
  db: Db,
  id: string,
  outcome: { status: 'sent' | 'retrying' | 'failed' | 'skipped'; error?: string },
): Promise<void> {
  const sent = outcome.status === 'sent'
  await db
    .update(emailMessages)
    .set({
      status: outcome.status,
      lastError: outcome.error ?? null,
      updatedAt: sql`now()`,
      ...(outcome.status === 'skipped' ? {} : { attempts: sql`${emailMessages.attempts} + 1` }),
      ...(sent ? { sentAt: sql`now()` } : {}),
    })
    .where(eq(emailMessages.id, id))
  if (outcome.status !== 'skipped') {
    await db.insert(emailAttempts).values({ messageId: id, ok: sent, error: outcome.error ?? null })
  }
}

export function latestMessages(db: Db, limit: number): Promise<EmailMessageRow[]> {
  return db.select().from(emailMessages).orderBy(desc(emailMessages.createdAt)).limit(limit)
}
