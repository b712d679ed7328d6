import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'

/**
 * The Idempotency-Key of a public registration that succeeded, with a hash of what was sent and
 * the registration ID it got: a retry whose answer was lost gets the same answer. Kept a day
 * (docs/product/registration.md#retries, docs/decisions/024).
 */
export const registrationKeys = pgTable(
  'registration_keys',
  {
    key: text('key').primaryKey(),
    requestHash: text('request_hash').notNull(),
    registrationId: text('registration_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('registration_keys_created_at_idx').on(t.createdAt)],
)
