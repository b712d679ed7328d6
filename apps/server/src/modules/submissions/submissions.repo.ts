import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.js'
import {
  activity,
  applicants,
  requirements,
  rounds,
  submissionDocuments,
  submissionVersions,
  submissions,
} from '../../db/schema/index.js'
import { containsPattern } from '../../db/sql.js'
import { lockRoundClock } from '../rounds/rounds.repo.js'

/**
 * Everything a submission is judged by: the round's clock lock (shared: a deadline change waits
 * for this transaction, and this one read the deadline after any change committed), then in one
 * statement the round with its clock checks, the first active round, the round's requirements
 * and the applicant. Undefined when the round does not exist.
 */
export async function submissionContext(db: Db, roundId: string, applicantId: string) {
  await lockRoundClock(db, roundId, 'shared')
  const [row] = await rowsOf<{
    id: string
    name: string
    status: string
    expired: boolean
    not_started: boolean
    first_active_id: string | null
    requirements: { id: string; description: string }[] | null
    person: { name: string; email: string; status: string } | null
  }>(
    db,
    sql`select r.id, r.name, r.status,
               (r.end_time is not null and r.end_time <= now()) as expired,
               (r.start_time is not null and r.start_time > now()) as not_started,
               (select f.id from ${rounds} f where f.status = 'active'
                 order by f.start_time asc nulls last, f.created_at asc limit 1) as first_active_id,
               (select json_agg(json_build_object('id', q.id, 'description', q.description))
                  from ${requirements} q where q.round_id = r.id) as requirements,
               (select json_build_object('name', a.name, 'email', a.email, 'status', a.status)
                  from ${applicants} a where a.id = ${applicantId}) as person
          from ${rounds} r where r.id = ${roundId}`,
  )
  if (!row) return undefined
  return {
    round: {
      id: row.id,
      name: row.name,
      status: row.status,
      expired: row.expired,
      notStarted: row.not_started,
    },
    firstActiveRoundId: row.first_active_id,
    requirements: row.requirements ?? [],
    person: row.person,
  }
}

export async function lockSubmission(db: Db, applicantId: string, roundId: string) {
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.applicantId, applicantId), eq(submissions.roundId, roundId)))
    .for('update')
  return row
}

/**
 * The applicant's first submission to the round, or undefined when they already have one (lock
 * that one with lockSubmission). One statement for the common case instead of a locking read and
 * an insert; a concurrent first submission of the same applicant makes this wait for it, then
 * do nothing.
 */
export async function insertFirstSubmission(
  db: Db,
  values: { applicantId: string; roundId: string; githubUrl: string },
) {
  const [row] = await db
    .insert(submissions)
    .values({ ...values, status: 'submitted', submittedAt: sql`now()` })
    .onConflictDoNothing({ target: [submissions.applicantId, submissions.roundId] })
    .returning()
  return row
}

/**
 * After a first submission: the applicant is submitted at this stage, and the activity feed says
 * so, in one statement (a data-modifying CTE runs whether or not the insert reads it).
 */
export async function markFirstSubmission(
  db: Db,
  {
    applicantId,
    name,
    roundName,
    githubUrl,
  }: {
    applicantId: string
    name: string
    roundName: string
    githubUrl: string
  },
) {
  const applicantUpdate = db.$with('applicant_update').as(
    db
      .update(applicants)
      .set({ status: 'submitted', currentStage: roundName, githubUrl, updatedAt: sql`now()` })
      .where(eq(applicants.id, applicantId))
      .returning({ id: applicants.id }),
  )
  await db
    .with(applicantUpdate)
    .insert(activity)
    .values({ type: 'submission', name, action: `submitted to ${roundName}`, applicantId })
}

/** After a resubmission: the applicant's repository is the new one. */
export async function setApplicantRepository(db: Db, applicantId: string, githubUrl: string) {
  await db.update(applicants).set({ githubUrl }).where(eq(applicants.id, applicantId))
}

export async function resubmit(db: Db, id: string, githubUrl: string) {
  const [row] = await db
    .update(submissions)
    .set({ githubUrl, status: 'submitted', submittedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(submissions.id, id))
    .returning()
  return row!
}

export async function documentNames(db: Db, submissionId: string): Promise<string[]> {
  const rows = await db
    .select({ description: requirements.description })
    .from(submissionDocuments)
    .innerJoin(requirements, eq(requirements.id, submissionDocuments.requirementId))
    .where(eq(submissionDocuments.submissionId, submissionId))
  return rows.map((r) => r.description)
}

export async function insertVersion(
  db: Db,
  values: typeof submissionVersions.$inferInsert,
): Promise<void> {
  await db.insert(submissionVersions).values(values)
}

export async function replaceDocuments(
  db: Db,
  submissionId: string,
  requirementIds: string[],
  { fresh = false }: { fresh?: boolean } = {},
): Promise<void> {
  // A submission made in this transaction has no documents yet.
  if (!fresh)
    await db.delete(submissionDocuments).where(eq(submissionDocuments.submissionId, submissionId))
  if (requirementIds.length)
    await db
      .insert(submissionDocuments)
      .values(requirementIds.map((requirementId) => ({ submissionId, requirementId })))
}

export function versionsOf(db: Db, submissionIds: string[]) {
  if (submissionIds.length === 0) return Promise.resolve([])
  return db
    .select({
      submissionId: submissionVersions.submissionId,
      githubUrl: submissionVersions.githubUrl,
      documents: submissionVersions.documents,
      submittedAt: submissionVersions.submittedAt,
    })
    .from(submissionVersions)
    .where(inArray(submissionVersions.submissionId, submissionIds))
    .orderBy(desc(submissionVersions.submittedAt))
}

export interface StaffFilter {
  roundId?: string
  search?: string
  /** A jury member's id: their conflicts of interest are left out. */
  withoutConflictsOf?: string
}

function staffWhere(filter: StaffFilter): SQL | undefined {
  const like = filter.search ? containsPattern(filter.search) : undefined
  return and(
    filter.roundId ? eq(submissions.roundId, filter.roundId) : undefined,
    // A jury member's declared conflicts of interest leave their list (issue 11).
    filter.withoutConflictsOf
      ? sql`not exists (select 1 from reviews r where r.submission_id = ${submissions.id}
              and r.juror_id = ${filter.withoutConflictsOf} and r.conflict)`
      : undefined,
    like
      ? sql`(lower(${applicants.name}) like ${like} or lower(${applicants.registrationId}) like ${like})`
      : undefined,
  )
}

export function staffPage(db: Db, filter: StaffFilter, limit: number, offset: number) {
  return db
    .select({
      id: submissions.id,
      status: submissions.status,
      githubUrl: submissions.githubUrl,
      submittedAt: submissions.submittedAt,
      round: { id: rounds.id, name: rounds.name },
      applicant: {
        id: applicants.id,
        name: applicants.name,
        registrationId: applicants.registrationId,
        collegeName: applicants.collegeName,
        status: applicants.status,
      },
    })
    .from(submissions)
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .innerJoin(rounds, eq(rounds.id, submissions.roundId))
    .where(staffWhere(filter))
    .orderBy(desc(submissions.submittedAt), desc(submissions.id))
    .limit(limit)
    .offset(offset)
}

export async function staffCount(db: Db, filter: StaffFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .where(staffWhere(filter))
  return row?.n ?? 0
}

export function documentsOfMany(db: Db, submissionIds: string[]) {
  if (submissionIds.length === 0) return Promise.resolve([])
  return db
    .select({
      submissionId: submissionDocuments.submissionId,
      description: requirements.description,
      templateFileId: requirements.templateFileId,
    })
    .from(submissionDocuments)
    .innerJoin(requirements, eq(requirements.id, submissionDocuments.requirementId))
    .where(inArray(submissionDocuments.submissionId, submissionIds))
}
