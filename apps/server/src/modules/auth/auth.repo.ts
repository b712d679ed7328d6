import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { ssoStates, staffSessions, staffUsers } from '../../db/schema/index.js'
import { msInterval } from '../../db/sql.js'

export async function insertSession(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(staffSessions).values(values)
}

/** A session within both its absolute and its idle expiry, of an active user. */
const live = (idleMs: number) =>
  and(
    gt(staffSessions.expiresAt, sql`now()`),
    gt(staffSessions.lastSeenAt, sql`now() - ${msInterval(idleMs)}`),
    eq(staffUsers.active, true),
  )

/**
 * The session behind a token, if it is within both its absolute and its idle expiry and its user
 * is active. The database clock decides, so every instance agrees.
 */
export async function findLiveSession(db: Db, tokenHash: string, idleMs: number) {
  const [row] = await db
    .select({
      id: staffSessions.id,
      /** Last seen over a minute ago: worth one write to push the idle expiry on. */
      needsTouch: sql<boolean>`${staffSessions.lastSeenAt} < now() - interval '1 minute'`,
      user: {
        id: staffUsers.id,
        email: staffUsers.email,
        name: staffUsers.name,
        role: staffUsers.role,
      },
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), live(idleMs)))
  return row
}

/** Which of these sessions are still live (findLiveSession's rule), without touching them. */
export async function liveSessionIds(db: Db, ids: string[], idleMs: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(and(inArray(staffSessions.id, ids), live(idleMs)))
  return new Set(rows.map((row) => row.id))
}

export async function touchSession(db: Db, id: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(staffSessions.id, id))
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash))
}

/** Sessions past their absolute or idle expiry; run now and then so the table does not grow. */
export async function deleteExpiredSessions(db: Db, idleMs: number): Promise<void> {
  await db
    .delete(staffSessions)
    .where(
      or(
        lt(staffSessions.expiresAt, sql`now()`),
        lt(staffSessions.lastSeenAt, sql`now() - ${msInterval(idleMs)}`),
      ),
    )
}

export async function insertSsoState(db: Db, values: typeof ssoStates.$inferInsert): Promise<void> {
  await db.insert(ssoStates).values(values)
}

/** Takes the state out: it serves one callback only. */
export async function takeSsoState(db: Db, stateHash: string) {
  const [row] = await db.delete(ssoStates).where(eq(ssoStates.stateHash, stateHash)).returning()
  return row
}

export async function deleteExpiredSsoStates(db: Db): Promise<void> {
  await db.delete(ssoStates).where(lt(ssoStates.expiresAt, sql`now()`))
}
