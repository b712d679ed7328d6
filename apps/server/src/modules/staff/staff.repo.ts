import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { settings, staffSessions, staffUsers } from '../../db/schema/index.js'

export type StaffRow = typeof staffUsers.$inferSelect
export type NewStaff = typeof staffUsers.$inferInsert

export async function findByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = lower(${email})`)
  return row
}

export async function findById(db: Db, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id))
  return row
}

export function list(db: Db): Promise<StaffRow[]> {
  return db.select().from(staffUsers).orderBy(asc(staffUsers.role), asc(staffUsers.name))
}

/** Inserts unless the email is taken (returns undefined then), without raising on the conflict. */
export async function insertIfNew(db: Db, values: NewStaff): Promise<StaffRow | undefined> {
  const [row] = await db.insert(staffUsers).values(values).onConflictDoNothing().returning()
  return row
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .update(staffUsers)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(staffUsers.id, id))
}

export async function setActive(
  db: Db,
  id: string,
  active: boolean,
): Promise<StaffRow | undefined> {
  const [row] = await db
    .update(staffUsers)
    .set({ active, updatedAt: new Date() })
    .where(eq(staffUsers.id, id))
    .returning()
  return row
}

/**
 * The active admins, locked until the transaction ends: two admins deactivating each other at
 * the same moment are serialised, and the second sees that only one is left.
 */
export async function lockActiveAdmins(db: Db): Promise<{ id: string }[]> {
  return db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.active, true)))
    .for('update')
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.active, true)))
  return row?.count ?? 0
}

export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.userId, userId))
}

/**
 * The first admin whose password was generated, kept in the settings table until it is known to
 * have signed in or been given another password (docs/decisions/028-first-install-and-console.md).
 */
const FIRST_ADMIN_KEY = 'first-admin-unused'

export async function markFirstAdmin(db: Db, staffId: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key: FIRST_ADMIN_KEY, value: { staffId } })
    .onConflictDoNothing()
}

export async function markedFirstAdmin(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, FIRST_ADMIN_KEY))
  return (row?.value as { staffId?: string } | undefined)?.staffId
}

export async function unmarkFirstAdmin(db: Db): Promise<void> {
  await db.delete(settings).where(eq(settings.key, FIRST_ADMIN_KEY))
}

export async function hasSession(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .where(eq(staffSessions.userId, userId))
    .limit(1)
  return Boolean(row)
}
