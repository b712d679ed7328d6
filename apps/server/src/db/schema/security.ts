import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz } from './columns.js'

/**
 * Fixed-window counters for the limits that guard sign-in and one-time codes. They live in the
 * database so that every app instance sees the same count (docs/architecture.md#several-instances).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamptz('window_start').notNull(),
})

/** A single sign-on attempt in flight: PKCE verifier and nonce, keyed by the state's hash. */
export const ssoStates = pgTable(
  'sso_states',
  {
    stateHash: text('state_hash').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('sso_states_expires_at_idx').on(t.expiresAt)],
)
