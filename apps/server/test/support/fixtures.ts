import { randomBytes } from 'node:crypto'
import type { Db } from '../../src/db/client.js'
import {
  applicantSessions,
  applicants,
  pipelineEntries,
  submissions,
} from '../../src/db/schema/index.js'
import { hashToken, newToken } from '../../src/lib/secrets.js'
import { project, type StoredState } from '../../src/modules/pipeline/pipeline.repo.js'

/** A registered applicant written straight to the database (no record in any round yet). */
export async function newApplicant(db: Db) {
  const tag = randomBytes(5).toString('hex')
  const [row] = await db
    .insert(applicants)
    .values({
      registrationId: `HS-T${tag.slice(0, 3).toUpperCase()}-${tag.slice(3).toUpperCase()}X`,
      name: `Fixture ${tag}`,
      email: `fixture.${tag}@college.example`,
      // Stored as the server stores numbers: canonical (docs/decisions/019-mobile-numbers.md).
      mobile: `+919${String(parseInt(tag, 16)).padStart(9, '0').slice(-9)}`,
      studentId: tag,
      course: 'Other',
      yearOfGraduation: '2027',
      collegeName: 'Fixture College',
    })
    .returning()
  return row!
}

/**
 * Gives an applicant a record in a round, as if it had been decided (or submitted) there, and
 * projects their status from it: the way tests set up where someone stands.
 */
export async function placeInRound(
  db: Db,
  applicantId: string,
  roundId: string,
  state: StoredState,
  { confirmed = false }: { confirmed?: boolean } = {},
) {
  const values = {
    state,
    decidedAt: state === 'submitted' ? null : new Date(),
    decidedByName: state === 'submitted' ? null : 'Test',
    confirmedAt: confirmed ? new Date() : null,
  }
  await db
    .insert(pipelineEntries)
    .values({ roundId, applicantId, ...values })
    .onConflictDoUpdate({
      target: [pipelineEntries.roundId, pipelineEntries.applicantId],
      set: values,
    })
  await project(db, { applicantIds: [applicantId] })
}

/**
 * A submission of `githubUrl` to a round, recorded in the pipeline as a real one would be (the
 * applicant's record there is `submitted`). Returns the submission.
 */
export async function submitInRound(
  db: Db,
  applicantId: string,
  roundId: string,
  githubUrl: string,
  { submittedAt }: { submittedAt?: Date } = {},
) {
  const [row] = await db
    .insert(submissions)
    .values({ applicantId, roundId, githubUrl, status: 'submitted', submittedAt })
    .returning()
  await placeInRound(db, applicantId, roundId, 'submitted')
  return row!
}

/** An applicant's fields as an admin's edit form sends them back. */
type EditedFields = Record<
  'name' | 'email' | 'mobile' | 'studentId' | 'collegeName' | 'course' | 'yearOfGraduation',
  string | null
> & { linkedinProfile?: string | null }

/** The body of an admin's edit of `a` (PUT /api/applicants/:id): `a` as it stands, with `changes`. */
export const applicantEdit = <C extends object>(a: EditedFields, changes?: C) => ({
  name: a.name,
  email: a.email,
  mobile: a.mobile,
  studentId: a.studentId,
  collegeName: a.collegeName,
  course: a.course,
  yearOfGraduation: a.yearOfGraduation,
  linkedinProfile: a.linkedinProfile ?? '',
  status: 'registered',
  ...(changes as C),
})

/**
 * A valid public registration (POST /api/register) for `tag` (hex, e.g. 4 random bytes): its
 * email is `<label>.<tag>@college.example` and its mobile number comes from the tag too.
 */
export function registrationFor(tag: string, label: string) {
  return {
    name: `${label} ${tag}`,
    email: `${label}.${tag}@college.example`,
    mobile: `9${String(parseInt(tag, 16)).padStart(9, '0').slice(-9)}`,
    studentId: tag,
    course: 'Information Technology',
    yearOfGraduation: '2027',
    collegeName: `${label} College`,
    linkedinProfile: '',
  }
}

/** A bearer token for an applicant, as if they had signed in with a code. */
export async function bearerFor(db: Db, applicantId: string): Promise<string> {
  const token = newToken()
  await db.insert(applicantSessions).values({
    applicantId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  })
  return token
}

/** A multipart/form-data body with one file field. */
export function multipart(field: string, filename: string, data: Buffer) {
  const boundary = `----hackstage${randomBytes(8).toString('hex')}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}
