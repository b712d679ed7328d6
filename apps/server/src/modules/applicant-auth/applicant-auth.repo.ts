import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { applicantSessions, applicants, oneTimeCodes } from '../../db/schema/index.js'
import { msInterval } from '../../db/sql.js'

/**
 * The applicant an identifier's key names (the service's identifierKey): an email without case,
 * or a mobile number in canonical form. The unique indexes make it one applicant at most, never
 * "whichever row comes first" (docs/decisions/019-mobile-numbers.md).
 */
export async function findByIdentifier(db: Db, key: string) {
  const [row] = await db
    .select()
    .from(applicants)
    .where(
      key.includes('@') ? sql`lower(${applicants.email}) = ${key}` : eq(applicants.mobile, key),
    )
  return row
}

/** Earlier codes stop working when a new one is issued: only the latest email counts. */
export async function retireCodes(db: Db, applicantId: string): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.applicantId, applicantId), isNull(oneTimeCodes.consumedAt)))
}

export async function insertCode(
  db: Db,
  values: { applicantId: string; codeHash: string; ttlMs: number },
): Promise<void> {
  await db.insert(oneTimeCodes).values({
    applicantId: values.applicantId,
    codeHash: values.codeHash,
    expiresAt: sql`now() + ${msInterval(values.ttlMs)}`,
  })
}

/**
 * Counts a try of the applicant's latest code and returns the code to compare, in one statement,
 * or nothing when it is used, expired or out of tries. The try is counted before the comparison
 * and the row lock makes the count that decides the count that is written, so at most
 * `maxAttempts` comparisons ever happen per code, however many requests arrive at once
 * (docs/decisions/018-atomic-limits-and-lockout.md).
 */
export async function takeTry(db: Db, applicantId: string, maxAttempts: number) {
  const latest = db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.applicantId, applicantId))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, latest),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
        lt(oneTimeCodes.attempts, maxAttempts),
      ),
    )
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash })
  return row
}

/** Whether the applicant's latest code is live but has had all its tries (said as such). */
export async function isOutOfTries(db: Db, applicantId: string, maxAttempts: number) {
  const [row] = await db
    .select({ attempts: oneTimeCodes.attempts })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.applicantId, applicantId),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
  return row !== undefined && row.attempts >= maxAttempts
}

/** Uses the code up; false when another request used it first. */
export async function consumeCode(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id })
  return rows.length === 1
}

export async function insertSession(
  db: Db,
  values: { applicantId: string; tokenHash: string; absoluteMs: number },
): Promise<void> {
  await db.insert(applicantSessions).values({
    applicantId: values.applicantId,
    tokenHash: values.tokenHash,
    expiresAt: sql`now() + ${msInterval(values.absoluteMs)}`,
  })
}

/** The live session behind a bearer token (both expiries by the database clock) and its applicant. */
export async function findLiveSession(db: Db, tokenHash: string, idleMs: number) {
  const [row] = await db
    .select({
      id: applicantSessions.id,
      applicantId: applicantSessions.applicantId,
      needsTouch: sql<boolean>`${applicantSessions.lastSeenAt} < now() - interval '1 minute'`,
    })
    .from(applicantSessions)
    .where(
      and(
        eq(applicantSessions.tokenHash, tokenHash),
        gt(applicantSessions.expiresAt, sql`now()`),
        gt(applicantSessions.lastSeenAt, sql`now() - ${msInterval(idleMs)}`),
      ),
    )
  return row
}

export async function touchSession(db: Db, id: string): Promise<void> {
  await db
    .update(applicantSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(applicantSessions.id, id))
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(applicantSessions).where(eq(applicantSessions.id, id))
}
