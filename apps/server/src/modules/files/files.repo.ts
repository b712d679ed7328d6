import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { files } from '../../db/schema/index.js'

export async function insert(db: Db, values: typeof files.$inferInsert) {
  const [row] = await db
    .insert(files)
    .values(values)
    .returning({ id: files.id, name: files.name, contentType: files.contentType, size: files.size })
  return row!
}

export async function find(db: Db, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id))
  return row
}

export async function existing(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: files.id }).from(files).where(inArray(files.id, ids))
  return new Set(rows.map((r) => r.id))
}
