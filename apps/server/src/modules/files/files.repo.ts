import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { files } from '../../db/schema/index.js'

export async function insert(db: Db, values: typeof files.$inferInsert) {
  const [row] = await db
    .insert(files)
    .values(values)
    .returning({ id: files.id, name: files.name, contentType: files.contentType, size: files.size })
  return row!
}

/** A template file: public. An applicant's answer file is never served here. */
export async function findTemplate(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), isNull(files.ownerApplicantId)))
  return row
}

/** Which of these template files exist. */
export async function existing(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), isNull(files.ownerApplicantId)))
  return new Set(rows.map((r) => r.id))
}
