import { sql } from 'drizzle-orm'
import { check, index, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'

/** The Recent Activity feed: registrations, submissions and selections. */
export const activity = pgTable(
  'activity',
  {
    id: id(),
    type: text('type', { enum: ['registration', 'submission', 'selection'] }).notNull(),
    name: text('name').notNull(),
    action: text('action').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_created_at_idx').on(t.createdAt.desc()),
    check('activity_type_check', sql`${t.type} in ('registration', 'submission', 'selection')`),
  ],
)
