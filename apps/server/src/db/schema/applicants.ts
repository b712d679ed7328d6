import { APPLICANT_STATUSES } from '@hackathon/contract'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { literalList } from '../sql.js'
import { cascadeRef, createdAt, id, timestamptz, updatedAt } from './columns.js'

export const applicants = pgTable(
  'applicants',
  {
    id: id(),
    /** Public, readable aloud, not guessable from neighbours (issue 5). */
    registrationId: text('registration_id').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    studentId: text('student_id').notNull(),
    course: text('course').notNull(),
    yearOfGraduation: text('year_of_graduation').notNull(),
    collegeName: text('college_name').notNull(),
    linkedinProfile: text('linkedin_profile'),
    status: text('status', { enum: APPLICANT_STATUSES }).notNull().default('registered'),
    /*
     * status, current_stage, stage_round_id, reviewed_at and github_url are the pipeline's
     * projection: written only by modules/pipeline (one mapping, docs/product/pipeline.md#status),
     * in the transaction that changes the pipeline; kept here so lists filter and page by index.
     */
    githubUrl: text('github_url'),
    currentStage: text('current_stage'),
    /** The round of current_stage; null before the applicant has any record in a round. */
    stageRoundId: uuid('stage_round_id'),
    reviewedAt: timestamptz('reviewed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('applicants_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('applicants_mobile_key').on(t.mobile),
    // The list's order (newest first, read backwards), whole and per status: a page comes straight off an index (issue 12).
    index('applicants_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('applicants_created_at_id_idx').on(t.createdAt, t.id),
    index('applicants_stage_round_created_at_idx').on(t.stageRoundId, t.createdAt, t.id),
    check('applicants_status_check', sql`${t.status} in (${literalList(APPLICANT_STATUSES)})`),
  ],
)

/**
 * Stored mobile numbers that could not take their canonical form (docs/decisions/019-mobile-numbers.md):
 * another applicant already has that number ('duplicate', `held_by` names them), or the text
 * cannot be a phone number ('not_a_phone_number'). 'unchecked' is the queue that migration 0014
 * fills with every applicant and the start-up step (db/mobile-numbers.ts) drains. Editing the
 * applicant's number, or deleting the applicant, resolves their row.
 */
export const mobileNumberIssues = pgTable(
  'mobile_number_issues',
  {
    applicantId: uuid('applicant_id')
      .primaryKey()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['unchecked', 'duplicate', 'not_a_phone_number'] }).notNull(),
    /** The number in canonical form, when it is one. */
    canonical: text('canonical'),
    /** The applicant who holds `canonical` (for a duplicate). */
    heldBy: uuid('held_by').references(() => applicants.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'mobile_number_issues_kind_check',
      sql`${t.kind} in ('unchecked', 'duplicate', 'not_a_phone_number')`,
    ),
  ],
)

/** Bearer sessions of applicants: only the sha256 of the token is stored. */
export const applicantSessions = pgTable(
  'applicant_sessions',
  {
    id: id(),
    applicantId: cascadeRef('applicant_id', () => applicants.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('applicant_sessions_applicant_id_idx').on(t.applicantId)],
)

/** One-time 6-digit sign-in codes, hashed at rest, with a try counter. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    applicantId: cascadeRef('applicant_id', () => applicants.id),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [index('one_time_codes_applicant_created_idx').on(t.applicantId, t.createdAt)],
)

/** Single-use links that let a selected applicant confirm participation from an email. */
export const confirmationCodes = pgTable(
  'confirmation_codes',
  {
    id: id(),
    applicantId: cascadeRef('applicant_id', () => applicants.id),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('confirmation_codes_applicant_id_idx').on(t.applicantId)],
)
