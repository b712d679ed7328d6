import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../src/db/client.js'
import type { SecretBox } from '../../src/lib/secret-box.js'

/**
 * The sign-in codes queued for `email`, oldest first. The outbox's text holds only a mark where the
 * code goes (staff can read it); the code waits sealed in the row's own column until it has gone
 * out (docs/decisions/022-email-after-a-crash.md), or in the job for one queued before that.
 */
export async function codesQueuedFor(db: Db, secrets: SecretBox, email: string) {
  const rows = await rowsOf<{ secret: string | null }>(
    db,
    sql`select coalesce(m.secret_sealed,
                        (select j.data->>'secret' from pgboss.job j
                          where j.data->>'messageId' = m.id::text limit 1)) as secret
          from email_messages m
         where m."to" = ${email} and m.template = 'one-time-code'
         order by m.created_at`,
  )
  return rows.map((r) => {
    if (r.secret === null) throw new Error(`The code for ${email} has gone out: read it from SMTP`)
    return secrets.open(r.secret)
  })
}
