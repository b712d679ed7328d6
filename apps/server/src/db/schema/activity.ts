import { ACTIVITY_TYPES } from '@hackathon/contract'
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { applicants } from './applicants.js'
import { literalList } from '../sql.js'
import { createdAt, id } from './columns.js'

/** The Recent Activity feed: registrations, submissions, selections and deadline changes. */
export const activity = pgTable(
  'activity',
  {
    id: id(),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    name: text('name').notNull(),
    action: text('action').notNull(),
    /** Whose activity it is: deleting an applicant deletes their history too. */
    applicantId: uuid('applicant_id').references(() => applicants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_applicant_id_idx').on(t.applicantId),
    index('activity_created_at_idx').on(t.createdAt.desc()),
    check('activity_type_check', sql`${t.type} in (${literalList(ACTIVITY_TYPES)})`),
  ],
)
