import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core'
import { cascadeRef, createdAt, id, timestamptz, updatedAt } from './columns.js'
import { rounds } from './rounds.js'
import { staffUsers } from './staff.js'
import { submissions } from './submissions.js'

/** A round's scoring criteria (issue 11), created with the four defaults on first use. */
export const rubricCriteria = pgTable(
  'rubric_criteria',
  {
    id: id(),
    roundId: cascadeRef('round_id', () => rounds.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    weight: doublePrecision('weight').notNull(),
    scaleMin: integer('scale_min').notNull(),
    scaleMax: integer('scale_max').notNull(),
  },
  (t) => [
    index('rubric_criteria_round_idx').on(t.roundId, t.position),
    check('rubric_criteria_scale_check', sql`${t.scaleMax} > ${t.scaleMin}`),
    check('rubric_criteria_weight_check', sql`${t.weight} > 0`),
  ],
)

/** One jury member's review of one submission: the current scores live in review_scores. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    submissionId: cascadeRef('submission_id', () => submissions.id),
    jurorId: cascadeRef('juror_id', () => staffUsers.id),
    comment: text('comment').notNull().default(''),
    /** The juror declared a conflict of interest: no scores, out of their list and the ranking. */
    conflict: boolean('conflict').notNull().default(false),
    conflictReason: text('conflict_reason'),
    savedAt: timestamptz('saved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('reviews_submission_juror_key').on(t.submissionId, t.jurorId),
    index('reviews_juror_idx').on(t.jurorId),
  ],
)

export const reviewScores = pgTable(
  'review_scores',
  {
    reviewId: cascadeRef('review_id', () => reviews.id),
    criterionId: cascadeRef('criterion_id', () => rubricCriteria.id),
    score: integer('score').notNull(),
    comment: text('comment').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.criterionId] })],
)

/** Every save of a review, whole: the history a jury member and the organizers can read. */
export const reviewVersions = pgTable(
  'review_versions',
  {
    id: id(),
    reviewId: cascadeRef('review_id', () => reviews.id),
    scores: jsonb('scores')
      .$type<{ criterionId: string; score: number; comment: string }[]>()
      .notNull(),
    comment: text('comment').notNull(),
    savedAt: timestamptz('saved_at').notNull().defaultNow(),
  },
  (t) => [index('review_versions_review_idx').on(t.reviewId, t.savedAt)],
)

/** Which jury member is to review which submission (replaced whole by each assignment run). */
export const reviewAssignments = pgTable(
  'review_assignments',
  {
    roundId: cascadeRef('round_id', () => rounds.id),
    submissionId: cascadeRef('submission_id', () => submissions.id),
    jurorId: cascadeRef('juror_id', () => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.jurorId] }),
    index('review_assignments_round_idx').on(t.roundId),
    index('review_assignments_juror_idx').on(t.jurorId),
  ],
)
