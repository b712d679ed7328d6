import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../src/db/client.js'
import type { SecretBox } from '../../src/lib/secret-box.js'

/**
 * The sign-in codes queued for `email`, oldest first. The outbox holds only a mark where the code
 * goes (staff can read it); the code travels sealed in the email job, as the worker will use it.
 */
export async function codesQueuedFor(db: Db, secrets: SecretBox, email: string) {
  const rows = await rowsOf<{ secret: string }>(
    db,
    sql`select j.data->>'secret' as secret
          from email_messages m join pgboss.job j on j.data->>'messageId' = m.id::text
         where m."to" = ${email} and m.template = 'one-time-code'
         order by m.created_at`,
  )
  return rows.map((r) => secrets.open(r.secret))
}
