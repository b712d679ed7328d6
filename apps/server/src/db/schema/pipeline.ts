import { STORED_PIPELINE_STATES } from '@hackathon/contract'
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { literalList } from '../sql.js'
import { applicants } from './applicants.js'
import { cascadeRef, createdAt, id, timestamptz, updatedAt } from './columns.js'
import { rounds } from './rounds.js'
import { staffUsers } from './staff.js'

/**
 * Where a participant stands in one round: one row per round and holder, written when they submit
 * or when someone decides (docs/decisions/017-the-pipeline.md). The holder is an applicant today;
 * a team holder adds a `team_id` column and a check that exactly one of the two is set.
 */
export const pipelineEntries = pgTable(
  'pipeline_entries',
  {
    id: id(),
    roundId: cascadeRef('round_id', () => rounds.id),
    applicantId: cascadeRef('applicant_id', () => applicants.id),
    state: text('state', { enum: STORED_PIPELINE_STATES }).notNull(),
    /** For `won`: the prize. */
    prize: text('prize'),
    /** Why, as the person who decided wrote it. */
    note: text('note'),
    decidedById: uuid('decided_by_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The decider's name at the time: the record stays readable after their account goes. */
    decidedByName: text('decided_by_name'),
    decidedAt: timestamptz('decided_at'),
    /** When the advanced participant confirmed they take part (by the emailed link or the dashboard). */
    confirmedAt: timestamptz('confirmed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('pipeline_entries_round_applicant_key').on(t.roundId, t.applicantId),
    index('pipeline_entries_applicant_idx').on(t.applicantId),
    index('pipeline_entries_round_state_idx').on(t.roundId, t.state),
    check(
      'pipeline_entries_state_check',
      sql`${t.state} in (${literalList(STORED_PIPELINE_STATES)})`,
    ),
  ],
)

/** Every change of a pipeline entry, never updated: the history staff and applicants read. */
export const pipelineEvents = pgTable(
  'pipeline_events',
  {
    id: id(),
    roundId: uuid('round_id').references(() => rounds.id, { onDelete: 'set null' }),
    /** The round's name at the time, so the history reads after a round is renamed or deleted. */
    roundName: text('round_name').notNull(),
    applicantId: cascadeRef('applicant_id', () => applicants.id),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** staff (a jury member or admin), applicant (submitted, confirmed) or system (migration). */
    actorKind: text('actor_kind', { enum: ['staff', 'applicant', 'system'] }).notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('pipeline_events_applicant_idx').on(t.applicantId, t.createdAt)],
)
