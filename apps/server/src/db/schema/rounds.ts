import { REQUIREMENT_KINDS, ROUND_STATUSES } from '@hackathon/contract'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { literalList } from '../sql.js'
import { cascadeRef, createdAt, id, timestamptz, updatedAt } from './columns.js'
import { files } from './files.js'

/** Orders rounds by creation until someone moves one (rounds.position). */
export const roundsPositionSeq = pgSequence('rounds_position_seq')

/** A competition round (applicants see it as a stage: docs/product/README.md#terms). */
export const rounds = pgTable(
  'rounds',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /**
     * The rounds run in the order of this key, never inferred from dates (docs/product/pipeline.md#order);
     * a round's stage number is its rank in that order. New rounds go last.
     */
    position: integer('position')
      .notNull()
      .default(sql`nextval('rounds_position_seq')`),
    status: text('status', { enum: ROUND_STATUSES }).notNull().default('upcoming'),
    startTime: timestamptz('start_time'),
    endTime: timestamptz('end_time'),
    maxParticipants: integer('max_participants'),
    prizes: jsonb('prizes').$type<string[]>().notNull().default([]),
    /**
     * Figures an organizer reports for the round (stage-details upload). When null, the dashboard
     * computes or estimates them (docs/product/dashboard.md#round-figures).
     */
    totalParticipants: integer('total_participants'),
    totalColleges: integer('total_colleges'),
    ideasSubmitted: integer('ideas_submitted'),
    prototypesApproved: integer('prototypes_approved'),
    projectsApproved: integer('projects_approved'),
    totalInvitees: integer('total_invitees'),
    solutionsToBeBuilt: integer('solutions_to_be_built'),
    /** Reviews may be saved until then (issue 11); null: open. */
    reviewClosesAt: timestamptz('review_closes_at'),
    /** The last assignment run's N (reviews per submission). */
    reviewsPerSubmission: integer('reviews_per_submission'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rounds_start_time_idx').on(t.startTime),
    index('rounds_position_idx').on(t.position, t.createdAt),
    check('rounds_status_check', sql`${t.status} in (${literalList(ROUND_STATUSES)})`),
  ],
)

/**
 * A round's requirements, in order, each with an optional template file and what it takes as an
 * answer. A requirement keeps its id when the round is edited; a removed one is only marked, so
 * the answers given to it stay readable (docs/product/rounds.md#requirements).
 */
export const requirements = pgTable(
  'requirements',
  {
    id: id(),
    roundId: cascadeRef('round_id', () => rounds.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    templateFileId: uuid('template_file_id').references(() => files.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: REQUIREMENT_KINDS }).notNull().default('file'),
    required: boolean('required').notNull().default(false),
    /** For a file requirement: allowed extensions and the size limit. */
    fileTypes: jsonb('file_types').$type<string[]>().notNull().default([]),
    maxSizeMb: integer('max_size_mb').notNull().default(10),
    removedAt: timestamptz('removed_at'),
  },
  (t) => [
    index('requirements_round_position_idx').on(t.roundId, t.position),
    check('requirements_kind_check', sql`${t.kind} in (${literalList(REQUIREMENT_KINDS)})`),
  ],
)
