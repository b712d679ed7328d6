import {
  DEFAULT_CRITERIA,
  DEFAULT_REVIEWS_PER_SUBMISSION,
  DEFAULT_SCALE,
  RANKING_METHOD,
  REVIEW_MESSAGES,
  type AssignmentOverview,
  type Criterion,
  type MyReview,
  type Ranking,
  type Rubric,
  type rubricRequest,
  type reviewRequest,
} from '@hackathon/contract'
import type { z } from 'zod'
import type { Db } from '../../db/client.js'
import { csvRow, UTF8_BOM } from '../../lib/csv.js'
import { AppError } from '../../plugins/app-error.js'
import { assignReviewers, sameCollege } from './assign.js'
import { commonScale, normalizeScores, weightedScore } from './normalize.js'
import * as repo from './reviews.repo.js'

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
    const row = await repo.lockRound(tx, roundId)
    if (!row) throw new AppError(404, 'Stage not found')
    return row
  }

  /** The round's criteria, the four defaults written on first use (under the round's lock). */
  async function criteriaOf(tx: Db, roundId: string): Promise<Criterion[]> {
    let rows = await repo.criteriaOf(tx, roundId)
    if (rows.length === 0) {
      await lockRound(tx, roundId)
      rows = await repo.criteriaOf(tx, roundId)
      if (rows.length === 0) {
        rows = await repo.insertCriteria(
          tx,
          DEFAULT_CRITERIA.map((name, position) => ({
            roundId,
            position,
            name,
            weight: 1,
            scaleMin: DEFAULT_SCALE.min,
            scaleMax: DEFAULT_SCALE.max,
          })),
        )
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

  async function rubricOf(tx: Db, roundId: string): Promise<Rubric> {
    const round = await repo.findRound(tx, roundId)
    if (!round) throw new AppError(404, 'Stage not found')
    return {
      roundId,
      criteria: await criteriaOf(tx, roundId),
      locked: await repo.hasSavedReviews(tx, roundId),
      reviewClosesAt: iso(round.reviewClosesAt),
    }
  }

  async function submissionOf(tx: Db, submissionId: string) {
    const row = await repo.findSubmission(tx, submissionId)
    if (!row) throw new AppError(404, 'Submission not found')
    return row
  }

  async function myReview(submissionId: string, jurorId: string): Promise<MyReview> {
    return db.transaction(async (tx) => {
      const submission = await submissionOf(tx, submissionId)
      const rubric = await rubricOf(tx, submission.roundId)
      const review = await repo.findReview(tx, submissionId, jurorId)
      const scores = review ? await repo.scoresOf(tx, review.id) : []
      const history = review ? await repo.versionsOf(tx, review.id) : []
      return {
        submissionId,
        rubric,
        scores,
        comment: review?.comment ?? '',
        total: review?.savedAt ? reviewTotal(rubric.criteria, scores) : null,
        savedAt: iso(review?.savedAt),
        conflict: review?.conflict ?? false,
        editable: !review?.conflict && (await repo.reviewOpen(tx, submission.roundId, null)),
        history: history.map((v) => ({
          savedAt: v.savedAt.toISOString(),
          scores: v.scores,
          comment: v.comment,
        })),
      }
    })
  }

  async function overview(tx: Db, roundId: string): Promise<AssignmentOverview> {
    const round = await repo.findRound(tx, roundId)
    if (!round) throw new AppError(404, 'Stage not found')
    const n = round.reviewsPerSubmission ?? DEFAULT_REVIEWS_PER_SUBMISSION
    const coverage = await repo.coverage(tx, roundId, n)
    const judges = await repo.judgeLoads(tx, roundId)
    return { roundId, reviewsPerSubmission: n, ...coverage, judges }
  }

  /** Every saved, non-conflicted review of the round with its weighted score. */
  async function scoredReviews(tx: Db, roundId: string) {
    const criteria = await criteriaOf(tx, roundId)
    const byId = new Map(criteria.map((c) => [c.id, c]))
    const rows = await repo.savedScoresOfRound(tx, roundId)
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
      const people = await repo.rankedPeople(tx, roundId)
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
          await repo.setReviewClosesAt(
            tx,
            roundId,
            input.reviewClosesAt ? new Date(input.reviewClosesAt) : null,
          )
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
          if (await repo.hasSavedReviews(tx, roundId))
            throw new AppError(409, REVIEW_MESSAGES.rubricLocked)
          await repo.deleteCriteria(tx, roundId)
          await repo.insertCriteria(
            tx,
            input.criteria.map((c, position) => ({ roundId, position, ...c })),
          )
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
        if (sameCollege(await repo.affiliationOf(tx, jurorId), submission.college))
          throw new AppError(403, REVIEW_MESSAGES.ownCollege)
        // Shares the round's lock with rubric edits: a review and a rubric change never cross.
        await repo.shareRound(tx, submission.roundId)
        const criteria = await criteriaOf(tx, submission.roundId)
        if (!(await repo.reviewOpen(tx, submission.roundId, arrivedAt)))
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
        const existing = await repo.findReview(tx, submissionId, jurorId, { lock: true })
        if (existing?.conflict) throw new AppError(403, REVIEW_MESSAGES.conflictDeclared)
        const review = await repo.saveReview(tx, existing?.id, {
          submissionId,
          jurorId,
          comment: input.comment,
        })
        const scores = criteria.map((c) => ({
          criterionId: c.id,
          score: given.get(c.id)!.score,
          comment: given.get(c.id)!.comment,
        }))
        await repo.replaceScores(tx, review.id, scores, input.comment)
      })
      return myReview(submissionId, jurorId)
    },

    /** A conflict of interest: no scores, out of the juror's list and assignments. */
    async declareConflict(submissionId: string, jurorId: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        await submissionOf(tx, submissionId)
        await repo.declareConflict(tx, submissionId, jurorId, reason || null)
      })
    },

    /** Assigns N judges per submission (replacing the round's assignments) and reports coverage. */
    async assign(roundId: string, perSubmission: number): Promise<AssignmentOverview> {
      return db.transaction(async (tx) => {
        await lockRound(tx, roundId)
        const candidates = await repo.assignableSubmissions(tx, roundId)
        const judges = await repo.activeJudges(tx)
        const conflictRows = await repo.conflictsOf(tx, roundId)
        const plan = assignReviewers(
          candidates,
          judges,
          perSubmission,
          new Set(conflictRows.map((c) => `${c.submissionId}:${c.jurorId}`)),
        )
        const rows = [...plan].flatMap(([submissionId, jurors]) =>
          jurors.map((jurorId) => ({ roundId, submissionId, jurorId })),
        )
        await repo.replaceAssignments(tx, roundId, rows)
        await repo.setReviewsPerSubmission(tx, roundId, perSubmission)
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
      const assigned = await repo.assignedTo(db, jurorId, submissionIds)
      // The juror's saved scores on this page and their rounds' criteria: two queries in all.
      const saved = await repo.savedScoresOfJuror(db, jurorId, submissionIds)
      const criteria = await repo.criteriaOfRounds(db, [...new Set(saved.map((r) => r.roundId))])
      for (const id of submissionIds) out.set(id, { assigned: false, total: null, savedAt: null })
      for (const submissionId of assigned) out.get(submissionId)!.assigned = true
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
