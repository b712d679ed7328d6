import { z } from 'zod'
import { PIPELINE_STATES } from './pipeline.js'
import { isoDateTime } from './common.js'
import { APPLICANT_STATUSES } from './constants.js'

/** The Review Guidelines card's four criteria: each round's rubric until the admin changes it. */
export const DEFAULT_CRITERIA = [
  'Code quality',
  'Innovation',
  'Technical implementation',
  'Documentation',
] as const
export const DEFAULT_SCALE = { min: 1, max: 10 } as const
export const DEFAULT_REVIEWS_PER_SUBMISSION = 3

export const REVIEW_MESSAGES = {
  rubricLocked: 'The rubric cannot change once the first review of this round has been saved.',
  reviewClosed: 'Reviews for this round are closed.',
  conflictDeclared:
    'You declared a conflict of interest for this submission, so you cannot review it.',
  ownCollege:
    'This submission comes from your own college: a conflict of interest, so you cannot review it.',
  notScored: 'Score every criterion before saving.',
  saved: 'Review saved.',
  conflictSaved: 'Conflict of interest recorded: the submission is no longer in your list.',
} as const

export const criterion = z
  .object({
    id: z.uuid(),
    name: z.string(),
    weight: z.number(),
    scaleMin: z.number().int(),
    scaleMax: z.number().int(),
  })
  .meta({ id: 'Criterion' })
export type Criterion = z.infer<typeof criterion>

/** GET /api/rounds/{id}/rubric. `locked` once the round has a review. */
export const rubric = z
  .object({
    roundId: z.uuid(),
    criteria: z.array(criterion),
    locked: z.boolean(),
    /** Reviews may be saved until then (null: open). */
    reviewClosesAt: isoDateTime.nullable(),
  })
  .meta({ id: 'Rubric' })
export type Rubric = z.infer<typeof rubric>

/** PUT /api/rounds/{id}/rubric (admin, until the first review). */
export const rubricRequest = z
  .object({
    criteria: z
      .array(
        z
          .object({
            name: z.string().trim().min(1, 'Criterion name is required').max(100),
            weight: z.number().positive('Weight must be more than 0').max(100),
            scaleMin: z.number().int().min(0).max(100),
            scaleMax: z.number().int().min(1).max(100),
          })
          .refine((c) => c.scaleMax > c.scaleMin, {
            message: 'The top of the scale must be above its bottom',
            path: ['scaleMax'],
          }),
      )
      .min(1, 'At least one criterion is required')
      .max(20),
    reviewClosesAt: z.union([isoDateTime, z.null()]).optional(),
  })
  .meta({ id: 'RubricRequest' })
export type RubricRequest = z.input<typeof rubricRequest>

const scoreEntry = z.object({
  criterionId: z.uuid(),
  score: z.number().int(),
  comment: z.string().trim().max(2000).optional().default(''),
})

/** PUT /api/submissions/{id}/review (jury): one score per criterion, comments optional. */
export const reviewRequest = z
  .object({
    scores: z.array(scoreEntry).min(1).max(20),
    comment: z.string().trim().max(5000).optional().default(''),
  })
  .meta({ id: 'ReviewRequest' })
export type ReviewRequest = z.input<typeof reviewRequest>

export const reviewVersion = z.object({
  savedAt: isoDateTime,
  scores: z.array(
    z.object({ criterionId: z.uuid(), score: z.number().int(), comment: z.string() }),
  ),
  comment: z.string(),
})

/** A jury member's own review of a submission, with every earlier save (newest first). */
export const myReview = z
  .object({
    submissionId: z.uuid(),
    rubric,
    scores: z.array(
      z.object({ criterionId: z.uuid(), score: z.number().int(), comment: z.string() }),
    ),
    comment: z.string(),
    /** The weighted score on the rubric's common scale; null before the first save. */
    total: z.number().nullable(),
    savedAt: isoDateTime.nullable(),
    conflict: z.boolean(),
    editable: z.boolean(),
    history: z.array(reviewVersion),
  })
  .meta({ id: 'MyReview' })
export type MyReview = z.infer<typeof myReview>

/** POST /api/submissions/{id}/conflict (jury). */
export const conflictRequest = z
  .object({ reason: z.string().trim().max(500).optional().default('') })
  .meta({ id: 'ConflictRequest' })

/** POST /api/rounds/{id}/assignments (admin): N reviews per submission. */
export const assignmentRequest = z
  .object({
    reviewsPerSubmission: z
      .number()
      .int()
      .min(1, 'At least one review per submission')
      .max(20)
      .default(DEFAULT_REVIEWS_PER_SUBMISSION),
  })
  .meta({ id: 'AssignmentRequest' })

/** GET/POST /api/rounds/{id}/assignments: coverage and each judge's progress. */
export const assignmentOverview = z
  .object({
    roundId: z.uuid(),
    reviewsPerSubmission: z.number().int(),
    submissions: z.number().int(),
    /** Submissions with fewer than N assigned judges (none eligible enough), and with fewer than N saved reviews. */
    underAssigned: z.number().int(),
    underReviewed: z.number().int(),
    judges: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        affiliation: z.string().nullable(),
        assigned: z.number().int(),
        reviewed: z.number().int(),
        conflicts: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'AssignmentOverview' })
export type AssignmentOverview = z.infer<typeof assignmentOverview>

export const rankingEntry = z.object({
  rank: z.number().int(),
  submissionId: z.uuid(),
  applicant: z.object({
    id: z.uuid(),
    name: z.string(),
    registrationId: z.string(),
    collegeName: z.string(),
    status: z.enum(APPLICANT_STATUSES),
  }),
  /** Where the applicant stands in this round (their status may speak of a later one). */
  roundState: z.enum(PIPELINE_STATES),
  /** Mean of the reviews' judge-normalized scores, on the rubric's common scale. */
  normalizedScore: z.number().nullable(),
  /** Mean of the reviews' weighted scores as given. */
  rawScore: z.number().nullable(),
  reviews: z.number().int(),
  /** Highest minus lowest weighted score among its reviews. */
  spread: z.number().nullable(),
})
export type RankingEntry = z.infer<typeof rankingEntry>

/** GET /api/rounds/{id}/ranking (admin). */
export const ranking = z
  .object({
    roundId: z.uuid(),
    scale: z.object({ min: z.number(), max: z.number() }),
    entries: z.array(rankingEntry),
    method: z.string(),
  })
  .meta({ id: 'Ranking' })
export type Ranking = z.infer<typeof ranking>

export const RANKING_METHOD =
  "Each review's weighted score is the weighted mean of its criteria, each criterion first placed on the common scale. Judges differ in how strictly they score, so each judge's scores in this round are turned into z-scores (how many of that judge's own standard deviations above or below that judge's own mean), then mapped back onto the common scale with the mean and standard deviation of all scores in the round. A judge whose scores do not vary contributes the round's mean (a neutral score). A submission's normalized score is the mean over its reviews; ties are broken by the raw mean, then by the number of reviews."
