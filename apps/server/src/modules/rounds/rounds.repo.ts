import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.js'
import { SELECTED_STATES } from '../pipeline/pipeline.repo.js'
import { files, requirements, rounds, submissions } from '../../db/schema/index.js'

export type RoundRow = typeof rounds.$inferSelect
export type NewRound = typeof rounds.$inferInsert

/** Every round in stage order (docs/product/pipeline.md#order). */
export function listInOrder(db: Db): Promise<RoundRow[]> {
  return db
    .select()
    .from(rounds)
    .orderBy(asc(rounds.position), asc(rounds.createdAt), asc(rounds.id))
}

/** Round order changes one at a time: a move renumbers every round. */
export async function lockOrder(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('round-order'))`)
}

/** Gives the rounds positions 1..n in this order. */
export async function renumber(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db.execute(sql`
    update rounds r set position = v.n, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(ids.map((id, i) => ({ id, n: i + 1 })))}::jsonb)
           as v(id uuid, n int)
     where r.id = v.id and r.position <> v.n`)
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
      kind: requirements.kind,
      required: requirements.required,
      fileTypes: requirements.fileTypes,
      maxSizeMb: requirements.maxSizeMb,
      file: { id: files.id, name: files.name, contentType: files.contentType, size: files.size },
    })
    .from(requirements)
    .leftJoin(files, eq(files.id, requirements.templateFileId))
    .where(and(inArray(requirements.roundId, roundIds), isNull(requirements.removedAt)))
    .orderBy(asc(requirements.roundId), asc(requirements.position))
}

/**
 * Per round in one query, from the pipeline (docs/product/pipeline.md#figures): participants
 * (everyone with a record in the round), their distinct colleges, submissions, and how many
 * advanced or won.
 */
export function pipelineCounts(db: Db) {
  return rowsOf<{
    roundId: string
    participants: number
    colleges: number
    submissions: number
    advanced: number
    won: number
  }>(
    db,
    sql`select e.round_id as "roundId", count(*)::int as participants,
               count(distinct lower(a.college_name))::int as colleges,
               count(s.id)::int as submissions,
               (count(*) filter (where e.state in (${SELECTED_STATES})))::int as advanced,
               (count(*) filter (where e.state = 'won'))::int as won
          from pipeline_entries e join applicants a on a.id = e.applicant_id
          left join submissions s on s.round_id = e.round_id and s.applicant_id = e.applicant_id
         group by e.round_id`,
  )
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

/** The round's requirements still in it. */
export async function currentRequirements(db: Db, roundId: string) {
  return db
    .select({ id: requirements.id })
    .from(requirements)
    .where(and(eq(requirements.roundId, roundId), isNull(requirements.removedAt)))
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
  values: Omit<typeof requirements.$inferInsert, 'id' | 'roundId'>,
) {
  await db.update(requirements).set(values).where(eq(requirements.id, id))
}

/** A removed requirement is only marked: the answers given to it stay readable. */
export async function removeRequirements(db: Db, ids: string[]): Promise<void> {
  if (ids.length)
    await db
      .update(requirements)
      .set({ removedAt: sql`now()` })
      .where(inArray(requirements.id, ids))
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

/** Applicants with a pipeline record in the round. */
export async function applicantsWithRecords(db: Db, roundId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select applicant_id as id from pipeline_entries where round_id = ${roundId}`,
  )
  return rows.map((r) => r.id)
}
