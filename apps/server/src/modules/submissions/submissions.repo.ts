import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.js'
import {
  applicants,
  files,
  requirements,
  rounds,
  submissionAnswers,
  submissionVersions,
  submissions,
} from '../../db/schema/index.js'
import { containsPattern, msInterval } from '../../db/sql.js'
import { accessOf } from '../pipeline/access.js'
import type { StoredState } from '../pipeline/pipeline.repo.js'
import { lockRoundClock } from '../rounds/rounds.repo.js'

export type RequirementRow = {
  id: string
  description: string
  kind: 'file' | 'link' | 'text'
  required: boolean
}

/**
 * Everything a submission is judged by: the round's clock lock (shared: a deadline change waits
 * for this transaction, and this one read the deadline after any change committed), the
 * applicant's row shared (a decision about them waits, and waits for this), then in one statement
 * the round with its clock, the round before it and the applicant's record there, their record
 * here and in later rounds, and the round's requirements. Undefined when the round does not exist;
 * person is null when the applicant does not.
 */
export async function submissionContext(
  db: Db,
  roundId: string,
  applicantId: string,
  /**
   * When the request arrived, by the server's clock (request.arrivedAt, docs/decisions/024); now()
   * when it is judged at once (an answer file upload asked before it is read).
   */
  arrivedAt: Date | null = null,
) {
  await lockRoundClock(db, roundId, 'shared')
  const at = arrivedAt ? sql`${arrivedAt.toISOString()}::timestamptz` : sql`now()`
  const [row] = await rowsOf<{
    id: string
    name: string
    status: 'upcoming' | 'active' | 'completed'
    expired: boolean
    not_started: boolean
    recorded_after_end: boolean
    previous_name: string | null
    is_first: boolean
    previous_state: StoredState | null
    state: StoredState | null
    later_record: boolean
    requirements: RequirementRow[] | null
    person: { name: string; email: string } | null
  }>(
    db,
    sql`select r.id, r.name, r.status,
               (r.end_time is not null and r.end_time <= ${at}) as expired,
               (r.start_time is not null and r.start_time > ${at}) as not_started,
               (r.end_time is not null and r.end_time <= now()) as recorded_after_end,
               prev.id is null as is_first, prev.name as previous_name,
               (select pe.state from pipeline_entries pe
                 where pe.round_id = prev.id and pe.applicant_id = ${applicantId}) as previous_state,
               (select e.state from pipeline_entries e
                 where e.round_id = r.id and e.applicant_id = ${applicantId}) as state,
               exists (select 1 from pipeline_entries le join ${rounds} lr on lr.id = le.round_id
                        where le.applicant_id = ${applicantId}
                          and (lr.position, lr.created_at) > (r.position, r.created_at)) as later_record,
               (select json_agg(json_build_object('id', q.id, 'description', q.description,
                                                  'kind', q.kind, 'required', q.required) order by q.position)
                  from ${requirements} q where q.round_id = r.id and q.removed_at is null) as requirements,
               (select json_build_object('name', a.name, 'email', a.email)
                  from ${applicants} a where a.id = ${applicantId} for no key update) as person
          from ${rounds} r
          left join lateral (
            select p.id, p.name from ${rounds} p
             where (p.position, p.created_at) < (r.position, r.created_at)
             order by p.position desc, p.created_at desc limit 1) prev on true
         where r.id = ${roundId}`,
  )
  if (!row) return undefined
  return {
    round: { id: row.id, name: row.name, recordedAfterEnd: row.recorded_after_end },
    access: accessOf({
      status: row.status,
      notStarted: row.not_started,
      expired: row.expired,
      isFirst: row.is_first,
      previousName: row.previous_name,
      previousState: row.previous_state,
      state: row.state,
      laterRecord: row.later_record,
    }),
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

export async function resubmit(db: Db, id: string, githubUrl: string, arrivedAt: Date | null) {
  const [row] = await db
    .update(submissions)
    .set({
      githubUrl,
      status: 'submitted',
      submittedAt: arrivedAt ?? sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(submissions.id, id))
    .returning()
  return row!
}

export async function insertVersion(
  db: Db,
  values: typeof submissionVersions.$inferInsert,
): Promise<void> {
  await db.insert(submissionVersions).values(values)
}

export function versionsOf(db: Db, submissionIds: string[]) {
  if (submissionIds.length === 0) return Promise.resolve([])
  return db
    .select({
      submissionId: submissionVersions.submissionId,
      githubUrl: submissionVersions.githubUrl,
      documents: submissionVersions.documents,
      answers: submissionVersions.answers,
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

/** The answers of these submissions, with the requirement each answers and its file. */
export function answersOfMany(db: Db, submissionIds: string[]) {
  if (submissionIds.length === 0) return Promise.resolve([])
  return db
    .select({
      submissionId: submissionAnswers.submissionId,
      requirementId: submissionAnswers.requirementId,
      description: requirements.description,
      kind: requirements.kind,
      position: requirements.position,
      removedAt: requirements.removedAt,
      url: submissionAnswers.url,
      text: submissionAnswers.text,
      file: { id: files.id, name: files.name, size: files.size },
    })
    .from(submissionAnswers)
    .innerJoin(requirements, eq(requirements.id, submissionAnswers.requirementId))
    .leftJoin(files, eq(files.id, submissionAnswers.fileId))
    .where(inArray(submissionAnswers.submissionId, submissionIds))
    .orderBy(asc(requirements.position))
}

/** The legacy ticked documents of these submissions (names only; docs/decisions/017). */
export function legacyDocumentsOf(db: Db, submissionIds: string[]) {
  if (submissionIds.length === 0) return Promise.resolve([])
  return db
    .select({ id: submissions.id, names: submissions.legacyDocuments })
    .from(submissions)
    .where(inArray(submissions.id, submissionIds))
}

/** A resubmission's answers become these (a submission is always the whole set). */
export async function replaceAnswers(
  db: Db,
  submissionId: string,
  answers: { requirementId: string; fileId?: string; url?: string; text?: string }[],
): Promise<void> {
  await db.delete(submissionAnswers).where(eq(submissionAnswers.submissionId, submissionId))
  if (answers.length)
    await db.insert(submissionAnswers).values(
      answers.map((a) => ({
        submissionId,
        requirementId: a.requirementId,
        fileId: a.fileId ?? null,
        url: a.url ?? null,
        text: a.text ?? null,
      })),
    )
}

/** Which of these files the applicant uploaded for which requirement. */
export async function answerFilesOf(db: Db, applicantId: string, fileIds: string[]) {
  if (fileIds.length === 0) return new Map<string, string | null>()
  const rows = await db
    .select({ id: files.id, requirementId: files.requirementId })
    .from(files)
    .where(and(inArray(files.id, fileIds), eq(files.ownerApplicantId, applicantId)))
  return new Map(rows.map((r) => [r.id, r.requirementId]))
}

/** Which of these requirements their round still asks for (not removed). */
export async function requirementsStillAsked(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: requirements.id })
    .from(requirements)
    .where(and(inArray(requirements.id, [...new Set(ids)]), sql`${requirements.removedAt} is null`))
  return new Set(rows.map((r) => r.id))
}

/**
 * Whether the applicant's submission to the round already has this repository, checked by GitHub
 * less than `freshMs` ago (a resubmission of it needs no new check).
 */
export async function checkedRecently(
  db: Db,
  { applicantId, roundId, githubUrl }: { applicantId: string; roundId: string; githubUrl: string },
  freshMs: number,
): Promise<boolean> {
  const [row] = await rowsOf<{ recent: boolean }>(
    db,
    sql`select exists (select 1 from submissions s
                         join submission_repositories r on r.submission_id = s.id
                        where s.applicant_id = ${applicantId} and s.round_id = ${roundId}
                          and s.github_url = ${githubUrl} and r.state = 'verified'
                          and r.checked_at > clock_timestamp() - ${msInterval(freshMs)}) as recent`,
  )
  return row!.recent
}

/** A submission as its receipt tells it, now. */
export async function receiptOf(db: Db, submissionId: string) {
  const [row] = await rowsOf<{
    email: string
    name: string
    stageName: string
    githubUrl: string
    submittedAt: string | Date
  }>(
    db,
    sql`select a.email, a.name, r.name as "stageName", s.github_url as "githubUrl", s.submitted_at as "submittedAt"
          from submissions s join applicants a on a.id = s.applicant_id join rounds r on r.id = s.round_id
         where s.id = ${submissionId}`,
  )
  return row
}
