import { STAFF_ROLES } from '@hackathon/contract'
import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { literalList } from '../sql.js'
import { cascadeRef, createdAt, id, timestamptz, updatedAt } from './columns.js'

/** Admins and jury members. Applicants are a separate identity (applicants.ts). */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** argon2id; null for an account that signs in only through single sign-on. */
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    /** A jury member's declared affiliation (a college), used to avoid conflicts of interest. */
    affiliation: text('affiliation'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_users_email_lower_key').on(sql`lower(${t.email})`),
    check('staff_users_role_check', sql`${t.role} in (${literalList(STAFF_ROLES)})`),
  ],
)

/** Server-side staff sessions: only the sha256 of the cookie token is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    userId: cascadeRef('user_id', () => staffUsers.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('staff_sessions_user_id_idx').on(t.userId)],
)
