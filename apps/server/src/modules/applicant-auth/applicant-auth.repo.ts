import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { applicantSessions, applicants, oneTimeCodes } from '../../db/schema/index.js'
import { msInterval } from '../../db/sql.js'

/**
 * The applicant an identifier names: an email (without case), or a mobile number as typed or with
 * its punctuation removed ("+91 98765-43210" finds "919876543210").
 */
export async function findByIdentifier(db: Db, identifier: string) {
  const digits = identifier.replace(/\D/g, '')
  const [row] = await db
    .select()
    .from(applicants)
    .where(
      identifier.includes('@')
        ? sql`lower(${applicants.email}) = lower(${identifier})`
        : or(
            eq(applicants.mobile, identifier),
            digits
              ? sql`regexp_replace(${applicants.mobile}, '\\D', '', 'g') = ${digits}`
              : undefined,
          ),
    )
    .limit(1)
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

/** The applicant's code that can still be tried: unused, unexpired, under the try limit. */
export async function liveCode(db: Db, applicantId: string, maxAttempts: number) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.applicantId, applicantId),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
        lt(oneTimeCodes.attempts, maxAttempts),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
  return row
}

export async function countFailedTry(db: Db, id: string): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id))
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
