import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns.js'

/** Instance-wide settings (email service, ...), one row per key. Secrets inside are encrypted. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
})
