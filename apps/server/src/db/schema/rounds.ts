import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from './columns.js'
import { files } from './files.js'

/** A competition round (the SPEC calls it a stage in the applicant's pages). */
export const rounds = pgTable(
  'rounds',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['upcoming', 'active', 'completed'] })
      .notNull()
      .default('upcoming'),
    startTime: timestamptz('start_time'),
    endTime: timestamptz('end_time'),
    maxParticipants: integer('max_participants'),
    prizes: jsonb('prizes').$type<string[]>().notNull().default([]),
    /**
     * Figures an organizer reports for the round (stage-details upload). When null, the
     * dashboard computes or estimates them (SPEC section 9).
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
    check('rounds_status_check', sql`${t.status} in ('upcoming', 'active', 'completed')`),
  ],
)

/** A round's requirements, in order, each with an optional template file. */
export const requirements = pgTable(
  'requirements',
  {
    id: id(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    templateFileId: uuid('template_file_id').references(() => files.id, { onDelete: 'set null' }),
  },
  (t) => [index('requirements_round_position_idx').on(t.roundId, t.position)],
)
