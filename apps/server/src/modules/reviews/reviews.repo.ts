import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { AssignmentOverview, PipelineState } from '@hackathon/contract'
import { rowsOf, type Db } from '../../db/client.js'
import {
  applicants,
  reviewAssignments,
  reviewScores,
  reviewVersions,
  reviews,
  rounds,
  rubricCriteria,
  staffUsers,
  submissions,
} from '../../db/schema/index.js'

export type CriterionRow = typeof rubricCriteria.$inferSelect
export type NewCriterion = typeof rubricCriteria.$inferInsert
export type ReviewRow = typeof reviews.$inferSelect
export type ScoreValues = { criterionId: string; score: number; comment: string }

export async function findRound(db: Db, roundId: string) {
  const [row] = await db.select().from(rounds).where(eq(rounds.id, roundId))
  return row
}

/** The round's row, locked for the transaction: rubric edits and assignments queue on it. */
export async function lockRound(db: Db, roundId: string) {
  const [row] = await db.select().from(rounds).where(eq(rounds.id, roundId)).for('update')
  return row
}

/** A shared lock on the round: reviews save side by side, never across a rubric change. */
export async function shareRound(db: Db, roundId: string): Promise<void> {
  await db.select({ id: rounds.id }).from(rounds).where(eq(rounds.id, roundId)).for('share')
}

export async function setReviewClosesAt(db: Db, roundId: string, at: Date | null): Promise<void> {
  await db.update(rounds).set({ reviewClosesAt: at }).where(eq(rounds.id, roundId))
}

export async function setReviewsPerSubmission(db: Db, roundId: string, n: number): Promise<void> {
  await db.update(rounds).set({ reviewsPerSubmission: n }).where(eq(rounds.id, roundId))
}

/** Whether the round still takes reviews at `at` (when the request arrived), or now. */
export async function reviewOpen(db: Db, roundId: string, at: Date | null): Promise<boolean> {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`
  const [row] = await rowsOf<{ open: boolean }>(
    db,
    sql`select (review_closes_at is null or review_closes_at > ${when}) as open from rounds where id = ${roundId}`,
  )
  return Boolean(row?.open)
}

/** The round's criteria, in order. */
export function criteriaOf(db: Db, roundId: string): Promise<CriterionRow[]> {
  return db
    .select()
    .from(rubricCriteria)
    .where(eq(rubricCriteria.roundId, roundId))
    .orderBy(asc(rubricCriteria.position))
}

/** The criteria of these rounds, each round's in order. */
export async function criteriaOfRounds(db: Db, roundIds: string[]): Promise<CriterionRow[]> {
  if (roundIds.length === 0) return []
  return db
    .select()
    .from(rubricCriteria)
    .where(inArray(rubricCriteria.roundId, roundIds))
    .orderBy(asc(rubricCriteria.position))
}

export function insertCriteria(db: Db, values: NewCriterion[]): Promise<CriterionRow[]> {
  return db.insert(rubricCriteria).values(values).returning()
}

export async function deleteCriteria(db: Db, roundId: string): Promise<void> {
  await db.delete(rubricCriteria).where(eq(rubricCriteria.roundId, roundId))
}

/** Whether anyone saved a review in the round (the rubric is locked from then on). */
export async function hasSavedReviews(db: Db, roundId: string): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from reviews r join submissions s on s.id = r.submission_id
          where s.round_id = ${roundId} and r.saved_at is not null) as found`,
  )
  return Boolean(row?.found)
}

/** A submission with its round and its applicant's college. */
export async function findSubmission(db: Db, submissionId: string) {
  const [row] = await db
    .select({ id: submissions.id, roundId: submissions.roundId, college: applicants.collegeName })
    .from(submissions)
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .where(eq(submissions.id, submissionId))
  return row
}

/** A juror's declared affiliation (their college). */
export async function affiliationOf(db: Db, jurorId: string): Promise<string | null> {
  const [row] = await db
    .select({ affiliation: staffUsers.affiliation })
    .from(staffUsers)
    .where(eq(staffUsers.id, jurorId))
  return row?.affiliation ?? null
}

/** One juror's review of one submission; `lock` holds it for the transaction. */
export async function findReview(
  db: Db,
  submissionId: string,
  jurorId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ReviewRow | undefined> {
  const query = db
    .select()
    .from(reviews)
    .where(and(eq(reviews.submissionId, submissionId), eq(reviews.jurorId, jurorId)))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export function scoresOf(db: Db, reviewId: string): Promise<ScoreValues[]> {
  return db
    .select({
      criterionId: reviewScores.criterionId,
      score: reviewScores.score,
      comment: reviewScores.comment,
    })
    .from(reviewScores)
    .where(eq(reviewScores.reviewId, reviewId))
}

/** Every save of a review, newest first. */
export function versionsOf(db: Db, reviewId: string) {
  return db
    .select()
    .from(reviewVersions)
    .where(eq(reviewVersions.reviewId, reviewId))
    .orderBy(sql`${reviewVersions.savedAt} desc`)
}

/** Saves a review's comment now: the existing review's row, or a new one. */
export async function saveReview(
  db: Db,
  existingId: string | undefined,
  values: { submissionId: string; jurorId: string; comment: string },
): Promise<ReviewRow> {
  const [row] = existingId
    ? await db
        .update(reviews)
        .set({ comment: values.comment, savedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(reviews.id, existingId))
        .returning()
    : await db
        .insert(reviews)
        .values({ ...values, savedAt: sql`now()` })
        .returning()
  return row!
}

/** The review's current scores become `scores`, and the save is kept in its history. */
export async function replaceScores(
  db: Db,
  reviewId: string,
  scores: ScoreValues[],
  comment: string,
): Promise<void> {
  await db.delete(reviewScores).where(eq(reviewScores.reviewId, reviewId))
  await db.insert(reviewScores).values(scores.map((s) => ({ reviewId, ...s })))
  await db.insert(reviewVersions).values({ reviewId, scores, comment })
}

/** A declared conflict of interest: the review holds no scores, and the assignment goes. */
export async function declareConflict(
  db: Db,
  submissionId: string,
  jurorId: string,
  reason: string | null,
): Promise<void> {
  await db
    .insert(reviews)
    .values({ submissionId, jurorId, conflict: true, conflictReason: reason })
    .onConflictDoUpdate({
      target: [reviews.submissionId, reviews.jurorId],
      set: { conflict: true, conflictReason: reason, savedAt: null, updatedAt: sql`now()` },
    })
  await db
    .delete(reviewAssignments)
    .where(
      and(eq(reviewAssignments.submissionId, submissionId), eq(reviewAssignments.jurorId, jurorId)),
    )
}

/** The round's submissions (drafts aside) with their applicant's college. */
export function assignableSubmissions(db: Db, roundId: string) {
  return db
    .select({ id: submissions.id, college: applicants.collegeName })
    .from(submissions)
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .where(and(eq(submissions.roundId, roundId), sql`${submissions.status} <> 'draft'`))
}

/** Active jury members with their affiliation. */
export function activeJudges(db: Db) {
  return db
    .select({ id: staffUsers.id, affiliation: staffUsers.affiliation })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'jury'), eq(staffUsers.active, true)))
}

/** The (submission, juror) pairs of the round with a declared conflict. */
export function conflictsOf(db: Db, roundId: string) {
  return db
    .select({ submissionId: reviews.submissionId, jurorId: reviews.jurorId })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(and(eq(submissions.roundId, roundId), eq(reviews.conflict, true)))
}

/** The round's assignments become `rows`, inserted in chunks. */
export async function replaceAssignments(
  db: Db,
  roundId: string,
  rows: { roundId: string; submissionId: string; jurorId: string }[],
): Promise<void> {
  await db.delete(reviewAssignments).where(eq(reviewAssignments.roundId, roundId))
  for (let i = 0; i < rows.length; i += 5000)
    await db.insert(reviewAssignments).values(rows.slice(i, i + 5000))
}

/** The round's submissions (drafts aside) with fewer than `n` assignments, and reviews. */
export async function coverage(db: Db, roundId: string, n: number) {
  const [row] = await rowsOf<{
    submissions: number
    underAssigned: number
    underReviewed: number
  }>(
    db,
    sql`select count(*)::int as submissions,
               (count(*) filter (where assigned < ${n}))::int as "underAssigned",
               (count(*) filter (where reviewed < ${n}))::int as "underReviewed"
          from (select s.id,
                       (select count(*) from review_assignments a where a.submission_id = s.id) as assigned,
                       (select count(*) from reviews r where r.submission_id = s.id
                           and r.saved_at is not null and not r.conflict) as reviewed
                  from submissions s where s.round_id = ${roundId} and s.status <> 'draft') t`,
  )
  return row!
}

/** Each active jury member's assignments, reviews and conflicts in the round. */
export function judgeLoads(db: Db, roundId: string) {
  return rowsOf<AssignmentOverview['judges'][number]>(
    db,
    sql`select u.id, u.name, u.affiliation,
               (select count(*) from review_assignments a
                 where a.juror_id = u.id and a.round_id = ${roundId})::int as assigned,
               (select count(*) from reviews r join submissions s on s.id = r.submission_id
                 where r.juror_id = u.id and s.round_id = ${roundId}
                   and r.saved_at is not null and not r.conflict)::int as reviewed,
               (select count(*) from reviews r join submissions s on s.id = r.submission_id
                 where r.juror_id = u.id and s.round_id = ${roundId} and r.conflict)::int as conflicts
          from staff_users u where u.role = 'jury' and u.active order by u.name, u.id`,
  )
}

/**
 * The scores of every saved, non-conflicted review of the round, one row per score, with the
 * applicant's college and the juror's affiliation.
 */
export function savedScoresOfRound(db: Db, roundId: string) {
  return db
    .select({
      reviewId: reviews.id,
      submissionId: reviews.submissionId,
      jurorId: reviews.jurorId,
      criterionId: reviewScores.criterionId,
      score: reviewScores.score,
      college: applicants.collegeName,
      affiliation: staffUsers.affiliation,
    })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .innerJoin(staffUsers, eq(staffUsers.id, reviews.jurorId))
    .innerJoin(reviewScores, eq(reviewScores.reviewId, reviews.id))
    .where(
      and(
        eq(submissions.roundId, roundId),
        isNotNull(reviews.savedAt),
        eq(reviews.conflict, false),
      ),
    )
}

/** The round's submissions (drafts aside), each with its applicant and their state in the round. */
export function rankedPeople(db: Db, roundId: string) {
  return db
    .select({
      submissionId: submissions.id,
      id: applicants.id,
      name: applicants.name,
      registrationId: applicants.registrationId,
      collegeName: applicants.collegeName,
      status: applicants.status,
      roundState: sql<PipelineState>`coalesce((select e.state from pipeline_entries e
        where e.round_id = ${submissions.roundId} and e.applicant_id = ${submissions.applicantId}), 'eligible')`,
    })
    .from(submissions)
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .where(and(eq(submissions.roundId, roundId), sql`${submissions.status} <> 'draft'`))
}

/** Which of these submissions are assigned to the juror. */
export async function assignedTo(
  db: Db,
  jurorId: string,
  submissionIds: string[],
): Promise<string[]> {
  const rows = await db
    .select({ submissionId: reviewAssignments.submissionId })
    .from(reviewAssignments)
    .where(
      and(
        eq(reviewAssignments.jurorId, jurorId),
        inArray(reviewAssignments.submissionId, submissionIds),
      ),
    )
  return rows.map((r) => r.submissionId)
}

/** The juror's saved scores on these submissions, one row per score, with each one's round. */
export function savedScoresOfJuror(db: Db, jurorId: string, submissionIds: string[]) {
  return db
    .select({
      submissionId: reviews.submissionId,
      roundId: submissions.roundId,
      savedAt: reviews.savedAt,
      criterionId: reviewScores.criterionId,
      score: reviewScores.score,
    })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .innerJoin(reviewScores, eq(reviewScores.reviewId, reviews.id))
    .where(
      and(
        eq(reviews.jurorId, jurorId),
        inArray(reviews.submissionId, submissionIds),
        isNotNull(reviews.savedAt),
      ),
    )
}
