import { REPOSITORY_STATES, SUBMISSION_STATUSES } from '@hackathon/contract'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { literalList } from '../sql.js'
import { applicants } from './applicants.js'
import { cascadeRef, createdAt, id, timestamptz, updatedAt } from './columns.js'
import { files } from './files.js'
import { requirements, rounds } from './rounds.js'

/**
 * One submission per applicant and round: resubmitting updates it (docs/product/submissions.md).
 */
export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    applicantId: cascadeRef('applicant_id', () => applicants.id),
    roundId: uuid('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('draft'),
    githubUrl: text('github_url').notNull(),
    /**
     * Before answers existed, applicants ticked documents, which only pointed at the blank
     * templates: their names are kept here, read-only (docs/decisions/017-the-pipeline.md).
     */
    legacyDocuments: jsonb('legacy_documents').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    submittedAt: timestamptz('submitted_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('submissions_applicant_round_key').on(t.applicantId, t.roundId),
    index('submissions_round_id_idx').on(t.roundId),
    check('submissions_status_check', sql`${t.status} in (${literalList(SUBMISSION_STATUSES)})`),
  ],
)

/** What a submission was before each resubmission: the history the jury and the applicant see. */
export const submissionVersions = pgTable(
  'submission_versions',
  {
    id: id(),
    submissionId: cascadeRef('submission_id', () => submissions.id),
    githubUrl: text('github_url').notNull(),
    /** The chosen documents' descriptions at the time (requirements may change later). */
    documents: jsonb('documents').$type<string[]>().notNull().default([]),
    /** The answers at the time (empty for versions kept before answers existed). */
    answers: jsonb('answers').$type<AnswerSnapshot[]>().notNull().default([]),
    submittedAt: timestamptz('submitted_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('submission_versions_submission_id_idx').on(t.submissionId)],
)

/** A stored answer as a version keeps it: the requirement as it read then, and the value. */
export type AnswerSnapshot = {
  requirementId: string
  description: string
  kind: 'file' | 'link' | 'text'
  file: { id: string; name: string; size: number } | null
  url: string | null
  text: string | null
}

/**
 * The applicant's answer to each requirement of the round: a file they uploaded, a link or a
 * short text (docs/product/submissions.md#answers). Keyed by the requirement's id, never by its
 * place in the list, so editing the round changes nothing here.
 */
export const submissionAnswers = pgTable(
  'submission_answers',
  {
    submissionId: cascadeRef('submission_id', () => submissions.id),
    requirementId: cascadeRef('requirement_id', () => requirements.id),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'cascade' }),
    url: text('url'),
    text: text('text'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.requirementId] }),
    check(
      'submission_answers_one_value_check',
      sql`num_nonnulls(${t.fileId}, ${t.url}, ${t.text}) = 1`,
    ),
  ],
)

/**
 * What GitHub reported about a submission's repository, at the moments our server asked (issue
 * 10): the head commit pinned when it was submitted, the one frozen at the round's deadline, and
 * the commits pushed after it (from GitHub's compare API, never from commit dates).
 */
export const submissionRepositories = pgTable(
  'submission_repositories',
  {
    submissionId: uuid('submission_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    repo: text('repo').notNull(),
    /** verified: GitHub answered; pending: not verified yet (GitHub was unreachable); missing: found gone or private later. */
    state: text('state', { enum: REPOSITORY_STATES }).notNull(),
    defaultBranch: text('default_branch'),
    pinnedSha: text('pinned_sha'),
    /** When our server saw pinnedSha: GitHub's own answer, at our clock. */
    pinnedAt: timestamptz('pinned_at'),
    isFork: boolean('is_fork'),
    isArchived: boolean('is_archived'),
    repoCreatedAt: timestamptz('repo_created_at'),
    frozenSha: text('frozen_sha'),
    frozenAt: timestamptz('frozen_at'),
    commitsAfterDeadline: integer('commits_after_deadline'),
    pushedAfter: jsonb('pushed_after')
      .$type<{ sha: string; message: string; url: string }[]>()
      .notNull()
      .default([]),
    /** The default branch no longer contains the frozen commit (a force-push rewrote history). */
    historyRewritten: boolean('history_rewritten').notNull().default(false),
    comparedAt: timestamptz('compared_at'),
    checkedAt: timestamptz('checked_at'),
  },
  (t) => [
    check(
      'submission_repositories_state_check',
      sql`${t.state} in (${literalList(REPOSITORY_STATES)})`,
    ),
  ],
)
