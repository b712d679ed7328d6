import { asc, count, countDistinct, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { applicants, files, requirements, rounds, submissions } from '../../db/schema/index.js'

export type RoundRow = typeof rounds.$inferSelect
export type NewRound = typeof rounds.$inferInsert

export function listInOrder(db: Db): Promise<RoundRow[]> {
  return db
    .select()
    .from(rounds)
    .orderBy(sql`${rounds.startTime} asc nulls last`, asc(rounds.createdAt))
}

/**
 * The lock between a round's clock and the submissions judged by it: a submission holds it shared
 * until it commits, a change of the round holds it alone, so a deadline never moves under a
 * submission in flight. An advisory lock rather than FOR SHARE on the round's row: hundreds of
 * submissions sharing a row lock each rewrite the row's lock owners (multixacts), and the
 * submission surge queued on that one row (docs/decisions/015).
 */
export async function lockRoundClock(db: Db, id: string, mode: 'shared' | 'exclusive') {
  await db.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(hashtext('round-clock'), hashtext(${id}))`
      : sql`select pg_advisory_xact_lock(hashtext('round-clock'), hashtext(${id}))`,
  )
}

/** The round, locked until the transaction ends (a deadline change waits for submissions in flight). */
export async function findByIdForUpdate(db: Db, id: string): Promise<RoundRow | undefined> {
  await lockRoundClock(db, id, 'exclusive')
  const [row] = await db.select().from(rounds).where(eq(rounds.id, id)).for('update')
  return row
}

export async function findById(db: Db, id: string): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(rounds).where(eq(rounds.id, id))
  return row
}

export function requirementsOf(db: Db, roundIds: string[]) {
  if (roundIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: requirements.id,
      roundId: requirements.roundId,
      position: requirements.position,
      description: requirements.description,
      file: { id: files.id, name: files.name, contentType: files.contentType, size: files.size },
    })
    .from(requirements)
    .leftJoin(files, eq(files.id, requirements.templateFileId))
    .where(inArray(requirements.roundId, roundIds))
    .orderBy(asc(requirements.roundId), asc(requirements.position))
}

/**
 * Per round in one query: submissions, participants and their distinct colleges. A submission is
 * unique per applicant and round, so participants are counted without DISTINCT.
 */
export function submissionCounts(db: Db) {
  return db
    .select({
      roundId: submissions.roundId,
      submissions: count(),
      participants: count(),
      colleges: countDistinct(sql`lower(${applicants.collegeName})`),
    })
    .from(submissions)
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .groupBy(submissions.roundId)
}

export async function insert(db: Db, values: NewRound): Promise<RoundRow> {
  const [row] = await db.insert(rounds).values(values).returning()
  return row!
}

export async function update(
  db: Db,
  id: string,
  values: Partial<NewRound>,
): Promise<RoundRow | undefined> {
  const [row] = await db
    .update(rounds)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(rounds.id, id))
    .returning()
  return row
}

export async function currentRequirements(db: Db, roundId: string) {
  return db
    .select({ id: requirements.id })
    .from(requirements)
    .where(eq(requirements.roundId, roundId))
    .orderBy(asc(requirements.position))
}

export async function insertRequirements(
  db: Db,
  rows: (typeof requirements.$inferInsert)[],
): Promise<void> {
  if (rows.length) await db.insert(requirements).values(rows)
}

export async function updateRequirement(
  db: Db,
  id: string,
  values: { position: number; description: string; templateFileId: string | null },
) {
  await db.update(requirements).set(values).where(eq(requirements.id, id))
}

export async function deleteRequirements(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(requirements).where(inArray(requirements.id, ids))
}

export async function countSubmissions(db: Db, roundId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(eq(submissions.roundId, roundId))
  return row?.n ?? 0
}

/** Deletes the round; its submissions first (their versions and documents cascade), requirements cascade. */
export async function removeWithSubmissions(db: Db, id: string): Promise<boolean> {
  await db.delete(submissions).where(eq(submissions.roundId, id))
  const rows = await db.delete(rounds).where(eq(rounds.id, id)).returning({ id: rounds.id })
  return rows.length > 0
}
