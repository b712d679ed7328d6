import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import {
  DEFAULT_CRITERIA,
  DEFAULT_REVIEWS_PER_SUBMISSION,
  DEFAULT_SCALE,
  RANKING_METHOD,
  REVIEW_MESSAGES,
  type AssignmentOverview,
  type Criterion,
  type MyReview,
  type PipelineState,
  type Ranking,
  type Rubric,
  type rubricRequest,
  type reviewRequest,
} from '@hackathon/contract'
import type { z } from 'zod'
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
import { csvRow, UTF8_BOM } from '../../lib/csv.js'
import { AppError } from '../../plugins/app-error.js'
import { assignReviewers, sameCollege } from './assign.js'
import { commonScale, normalizeScores, weightedScore } from './normalize.js'

export type ReviewsService = ReturnType<typeof createReviewsService>

/** A saved review's weighted score on the rubric's common scale; null when nothing is scored. */
function reviewTotal(
  criteria: readonly Criterion[],
  scores: readonly { criterionId: string; score: number }[],
): number | null {
  const byId = new Map(criteria.map((c) => [c.id, c]))
  const scored = scores.filter((s) => byId.has(s.criterionId))
  if (scored.length === 0) return null
  return round2(
    weightedScore(
      scored.map((s) => ({ ...byId.get(s.criterionId)!, score: s.score })),
      commonScale(criteria),
    ),
  )
}

const round2 = (n: number) => Math.round(n * 100) / 100
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null

/**
 * Jury scoring (issue 11): a rubric per round, reviews with their history, conflicts of
 * interest, deterministic assignment, and a ranking normalized per judge. Decision 014.
 */
export function createReviewsService({ db }: { db: Db }) {
  async function lockRound(tx: Db, roundId: string) {
    const [row] = await tx.select().from(rounds).where(eq(rounds.id, roundId)).for('update')
    if (!row) throw new AppError(404, 'Stage not found')
    return row
  }

  /** The round's criteria, the four defaults written on first use (under the round's lock). */
  async function criteriaOf(tx: Db, roundId: string): Promise<Criterion[]> {
    const read = () =>
      tx
        .select()
        .from(rubricCriteria)
        .where(eq(rubricCriteria.roundId, roundId))
        .orderBy(asc(rubricCriteria.position))
    let rows = await read()
    if (rows.length === 0) {
      await lockRound(tx, roundId)
      rows = await read()
      if (rows.length === 0) {
        rows = await tx
          .insert(rubricCriteria)
          .values(
            DEFAULT_CRITERIA.map((name, position) => ({
              roundId,
              position,
              name,
              weight: 1,
              scaleMin: DEFAULT_SCALE.min,
              scaleMax: DEFAULT_SCALE.max,
            })),
          )
          .returning()
      }
    }
    return rows.map(({ id, name, weight, scaleMin, scaleMax }) => ({
      id,
      name,
      weight,
      scaleMin,
      scaleMax,
    }))
  }

  async function hasReviews(tx: Db, roundId: string): Promise<boolean> {
    const [row] = await rowsOf<{ found: boolean }>(
      tx,
      sql`select exists (select 1 from reviews r join submissions s on s.id = r.submission_id
            where s.round_id = ${roundId} and r.saved_at is not null) as found`,
    )
    return Boolean(row?.found)
  }

  async function rubricOf(tx: Db, roundId: string): Promise<Rubric> {
    const [round] = await tx.select().from(rounds).where(eq(rounds.id, roundId))
    if (!round) throw new AppError(404, 'Stage not found')
    return {
      roundId,
      criteria: await criteriaOf(tx, roundId),
      locked: await hasReviews(tx, roundId),
      reviewClosesAt: iso(round.reviewClosesAt),
    }
  }

  async function submissionOf(tx: Db, submissionId: string) {
    const [row] = await tx
      .select({ id: submissions.id, roundId: submissions.roundId, college: applicants.collegeName })
      .from(submissions)
      .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
      .where(eq(submissions.id, submissionId))
    if (!row) throw new AppError(404, 'Submission not found')
    return row
  }

  /** A juror's declared affiliation (their college), compared with sameCollege. */
  async function affiliationOf(tx: Db, jurorId: string) {
    const [row] = await tx
      .select({ affiliation: staffUsers.affiliation })
      .from(staffUsers)
      .where(eq(staffUsers.id, jurorId))
    return row?.affiliation ?? null
  }

  /** Whether the round still takes reviews at `at` (when the request arrived), or now. */
  const reviewOpen = async (tx: Db, roundId: string, at: Date | null = null) => {
    const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`
    const [row] = await rowsOf<{ open: boolean }>(
      tx,
      sql`select (review_closes_at is null or review_closes_at > ${when}) as open from rounds where id = ${roundId}`,
    )
    return Boolean(row?.open)
  }

  async function myReview(submissionId: string, jurorId: string): Promise<MyReview> {
    return db.transaction(async (tx) => {
      const submission = await submissionOf(tx, submissionId)
      const rubric = await rubricOf(tx, submission.roundId)
      const [review] = await tx
        .select()
        .from(reviews)
        .where(and(eq(reviews.submissionId, submissionId), eq(reviews.jurorId, jurorId)))
      const scores = review
        ? await tx
            .select({
              criterionId: reviewScores.criterionId,
              score: reviewScores.score,
              comment: reviewScores.comment,
            })
            .from(reviewScores)
            .where(eq(reviewScores.reviewId, review.id))
        : []
      const history = review
        ? await tx
            .select()
            .from(reviewVersions)
            .where(eq(reviewVersions.reviewId, review.id))
            .orderBy(sql`${reviewVersions.savedAt} desc`)
        : []
      return {
        submissionId,
        rubric,
        scores,
        comment: review?.comment ?? '',
        total: review?.savedAt ? reviewTotal(rubric.criteria, scores) : null,
        savedAt: iso(review?.savedAt),
        conflict: review?.conflict ?? false,
        editable: !review?.conflict && (await reviewOpen(tx, submission.roundId)),
        history: history.map((v) => ({
          savedAt: v.savedAt.toISOString(),
          scores: v.scores,
          comment: v.comment,
        })),
      }
    })
  }

  async function overview(tx: Db, roundId: string): Promise<AssignmentOverview> {
    const round = await tx.select().from(rounds).where(eq(rounds.id, roundId))
    if (!round[0]) throw new AppError(404, 'Stage not found')
    const n = round[0].reviewsPerSubmission ?? DEFAULT_REVIEWS_PER_SUBMISSION
    const [coverage] = await rowsOf<{
      submissions: number
      underAssigned: number
      underReviewed: number
    }>(
      tx,
      sql`select count(*)::int as submissions,
                 (count(*) filter (where assigned < ${n}))::int as "underAssigned",
                 (count(*) filter (where reviewed < ${n}))::int as "underReviewed"
            from (select s.id,
                         (select count(*) from review_assignments a where a.submission_id = s.id) as assigned,
                         (select count(*) from reviews r where r.submission_id = s.id
                             and r.saved_at is not null and not r.conflict) as reviewed
                    from submissions s where s.round_id = ${roundId} and s.status <> 'draft') t`,
    )
    const judges = await rowsOf<AssignmentOverview['judges'][number]>(
      tx,
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
    return { roundId, reviewsPerSubmission: n, ...coverage!, judges }
  }

  /** Every saved, non-conflicted review of the round with its weighted score. */
  async function scoredReviews(tx: Db, roundId: string) {
    const criteria = await criteriaOf(tx, roundId)
    const byId = new Map(criteria.map((c) => [c.id, c]))
    const rows = await tx
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
    const grouped = new Map<string, { submissionId: string; jurorId: string; parts: typeof rows }>()
    // A review the conflict rules exclude (one saved before they were enforced) counts for nothing.
    for (const r of rows.filter((row) => !sameCollege(row.affiliation, row.college))) {
      const g = grouped.get(r.reviewId) ?? {
        submissionId: r.submissionId,
        jurorId: r.jurorId,
        parts: [],
      }
      g.parts.push(r)
      grouped.set(r.reviewId, g)
    }
    const scale = commonScale(criteria)
    const scored = [...grouped.values()]
      .filter((g) => g.parts.every((p) => byId.has(p.criterionId)))
      .map((g) => ({
        submissionId: g.submissionId,
        jurorId: g.jurorId,
        score: weightedScore(
          g.parts.map((p) => ({ ...byId.get(p.criterionId)!, score: p.score })),
          scale,
        ),
      }))
    return { scored, scale }
  }

  async function ranking(roundId: string): Promise<Ranking> {
    return db.transaction(async (tx) => {
      await rubricOf(tx, roundId)
      const { scored, scale } = await scoredReviews(tx, roundId)
      const results = new Map(normalizeScores(scored).map((r) => [r.submissionId, r]))
      const people = await tx
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
      const entries = people
        .map(({ submissionId, roundState, ...applicant }) => {
          const r = results.get(submissionId)
          return {
            submissionId,
            applicant,
            roundState,
            normalizedScore: r ? round2(r.normalized) : null,
            rawScore: r ? round2(r.raw) : null,
            reviews: r?.reviews ?? 0,
            spread: r ? round2(r.spread) : null,
          }
        })
        .sort(
          (a, b) =>
            (b.normalizedScore ?? -Infinity) - (a.normalizedScore ?? -Infinity) ||
            (b.rawScore ?? -Infinity) - (a.rawScore ?? -Infinity) ||
            b.reviews - a.reviews ||
            a.applicant.name.localeCompare(b.applicant.name) ||
            (a.submissionId < b.submissionId ? -1 : 1),
        )
        .map((e, i) => ({ rank: i + 1, ...e }))
      return { roundId, scale, entries, method: RANKING_METHOD }
    })
  }

  return {
    rubric: (roundId: string) => db.transaction((tx) => rubricOf(tx, roundId)),

    /** Replaces the criteria (and sets when reviews close) while the round has no review. */
    async putRubric(roundId: string, input: z.output<typeof rubricRequest>): Promise<Rubric> {
      return db.transaction(async (tx) => {
        await lockRound(tx, roundId)
        if (input.reviewClosesAt !== undefined)
          await tx
            .update(rounds)
            .set({ reviewClosesAt: input.reviewClosesAt ? new Date(input.reviewClosesAt) : null })
            .where(eq(rounds.id, roundId))
        const current = await criteriaOf(tx, roundId)
        const same =
          current.length === input.criteria.length &&
          current.every(
            (c, i) =>
              c.name === input.criteria[i]!.name &&
              c.weight === input.criteria[i]!.weight &&
              c.scaleMin === input.criteria[i]!.scaleMin &&
              c.scaleMax === input.criteria[i]!.scaleMax,
          )
        if (!same) {
          if (await hasReviews(tx, roundId)) throw new AppError(409, REVIEW_MESSAGES.rubricLocked)
          await tx.delete(rubricCriteria).where(eq(rubricCriteria.roundId, roundId))
          await tx
            .insert(rubricCriteria)
            .values(input.criteria.map((c, position) => ({ roundId, position, ...c })))
        }
        return rubricOf(tx, roundId)
      })
    },

    myReview,

    /** Saves a jury member's scores: every criterion once, within its scale; each save kept. */
    async saveReview(
      submissionId: string,
      jurorId: string,
      input: z.output<typeof reviewRequest>,
      /** When the request arrived: review closing is judged by it (docs/decisions/024). */
      arrivedAt: Date | null = null,
    ): Promise<MyReview> {
      await db.transaction(async (tx) => {
        const submission = await submissionOf(tx, submissionId)
        // The assignment's rule holds for every review, assigned or not (docs/decisions/014).
        if (sameCollege(await affiliationOf(tx, jurorId), submission.college))
          throw new AppError(403, REVIEW_MESSAGES.ownCollege)
        // Shares the round's lock with rubric edits: a review and a rubric change never cross.
        await tx
          .select({ id: rounds.id })
          .from(rounds)
          .where(eq(rounds.id, submission.roundId))
          .for('share')
        const criteria = await criteriaOf(tx, submission.roundId)
        if (!(await reviewOpen(tx, submission.roundId, arrivedAt)))
          throw new AppError(409, REVIEW_MESSAGES.reviewClosed)
        const given = new Map(input.scores.map((s) => [s.criterionId, s]))
        if (
          given.size !== input.scores.length ||
          criteria.some((c) => !given.has(c.id)) ||
          given.size !== criteria.length
        )
          throw new AppError(400, REVIEW_MESSAGES.notScored)
        for (const c of criteria) {
          const score = given.get(c.id)!.score
          if (score < c.scaleMin || score > c.scaleMax)
            throw new AppError(
              400,
              `${c.name}: the score must be from ${c.scaleMin} to ${c.scaleMax}`,
            )
        }
        const [existing] = await tx
          .select()
          .from(reviews)
          .where(and(eq(reviews.submissionId, submissionId), eq(reviews.jurorId, jurorId)))
          .for('update')
        if (existing?.conflict) throw new AppError(403, REVIEW_MESSAGES.conflictDeclared)
        const [review] = existing
          ? await tx
              .update(reviews)
              .set({ comment: input.comment, savedAt: sql`now()`, updatedAt: sql`now()` })
              .where(eq(reviews.id, existing.id))
              .returning()
          : await tx
              .insert(reviews)
              .values({ submissionId, jurorId, comment: input.comment, savedAt: sql`now()` })
              .returning()
        const scores = criteria.map((c) => ({
          criterionId: c.id,
          score: given.get(c.id)!.score,
          comment: given.get(c.id)!.comment,
        }))
        await tx.delete(reviewScores).where(eq(reviewScores.reviewId, review!.id))
        await tx.insert(reviewScores).values(scores.map((s) => ({ reviewId: review!.id, ...s })))
        await tx
          .insert(reviewVersions)
          .values({ reviewId: review!.id, scores, comment: input.comment })
      })
      return myReview(submissionId, jurorId)
    },

    /** A conflict of interest: no scores, out of the juror's list and assignments. */
    async declareConflict(submissionId: string, jurorId: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        await submissionOf(tx, submissionId)
        await tx
          .insert(reviews)
          .values({ submissionId, jurorId, conflict: true, conflictReason: reason || null })
          .onConflictDoUpdate({
            target: [reviews.submissionId, reviews.jurorId],
            set: {
              conflict: true,
              conflictReason: reason || null,
              savedAt: null,
              updatedAt: sql`now()`,
            },
          })
        await tx
          .delete(reviewAssignments)
          .where(
            and(
              eq(reviewAssignments.submissionId, submissionId),
              eq(reviewAssignments.jurorId, jurorId),
            ),
          )
      })
    },

    /** Assigns N judges per submission (replacing the round's assignments) and reports coverage. */
    async assign(roundId: string, perSubmission: number): Promise<AssignmentOverview> {
      return db.transaction(async (tx) => {
        await lockRound(tx, roundId)
        const candidates = await tx
          .select({ id: submissions.id, college: applicants.collegeName })
          .from(submissions)
          .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
          .where(and(eq(submissions.roundId, roundId), sql`${submissions.status} <> 'draft'`))
        const judges = await tx
          .select({ id: staffUsers.id, affiliation: staffUsers.affiliation })
          .from(staffUsers)
          .where(and(eq(staffUsers.role, 'jury'), eq(staffUsers.active, true)))
        const conflictRows = await tx
          .select({ submissionId: reviews.submissionId, jurorId: reviews.jurorId })
          .from(reviews)
          .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
          .where(and(eq(submissions.roundId, roundId), eq(reviews.conflict, true)))
        const plan = assignReviewers(
          candidates,
          judges,
          perSubmission,
          new Set(conflictRows.map((c) => `${c.submissionId}:${c.jurorId}`)),
        )
        await tx.delete(reviewAssignments).where(eq(reviewAssignments.roundId, roundId))
        const rows = [...plan].flatMap(([submissionId, jurors]) =>
          jurors.map((jurorId) => ({ roundId, submissionId, jurorId })),
        )
        for (let i = 0; i < rows.length; i += 5000)
          await tx.insert(reviewAssignments).values(rows.slice(i, i + 5000))
        await tx
          .update(rounds)
          .set({ reviewsPerSubmission: perSubmission })
          .where(eq(rounds.id, roundId))
        return overview(tx, roundId)
      })
    },

    overview: (roundId: string) => db.transaction((tx) => overview(tx, roundId)),

    ranking,

    /** The ranking as CSV (UTF-8 with BOM, cells neutralised like every export). */
    async rankingCsv(roundId: string): Promise<string> {
      const { entries } = await ranking(roundId)
      return (
        UTF8_BOM +
        csvRow([
          'Rank',
          'Registration ID',
          'Name',
          'College',
          'Status',
          'Normalized Score',
          'Raw Score',
          'Reviews',
          'Spread',
        ]) +
        entries
          .map((e) =>
            csvRow([
              e.rank,
              e.applicant.registrationId,
              e.applicant.name,
              e.applicant.collegeName,
              e.applicant.status,
              e.normalizedScore,
              e.rawScore,
              e.reviews,
              e.spread,
            ]),
          )
          .join('')
      )
    },

    /** For the jury's submissions list: assigned to them, and their saved total. */
    async summaries(submissionIds: string[], jurorId: string) {
      const out = new Map<
        string,
        { assigned: boolean; total: number | null; savedAt: string | null }
      >()
      if (submissionIds.length === 0) return out
      const assigned = await db
        .select({ submissionId: reviewAssignments.submissionId })
        .from(reviewAssignments)
        .where(
          and(
            eq(reviewAssignments.jurorId, jurorId),
            inArray(reviewAssignments.submissionId, submissionIds),
          ),
        )
      // The juror's saved scores on this page and their rounds' criteria: two queries in all.
      const saved = await db
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
      const roundIds = [...new Set(saved.map((r) => r.roundId))]
      const criteria = roundIds.length
        ? await db
            .select()
            .from(rubricCriteria)
            .where(inArray(rubricCriteria.roundId, roundIds))
            .orderBy(asc(rubricCriteria.position))
        : []
      for (const id of submissionIds) out.set(id, { assigned: false, total: null, savedAt: null })
      for (const a of assigned) out.get(a.submissionId)!.assigned = true
      const bySubmission = new Map<string, typeof saved>()
      for (const r of saved)
        bySubmission.set(r.submissionId, [...(bySubmission.get(r.submissionId) ?? []), r])
      for (const [submissionId, rows] of bySubmission) {
        const first = rows[0]!
        out.set(submissionId, {
          ...out.get(submissionId)!,
          total: reviewTotal(
            criteria.filter((c) => c.roundId === first.roundId),
            rows,
          ),
          savedAt: iso(first.savedAt),
        })
      }
      return out
    },
  }
}
