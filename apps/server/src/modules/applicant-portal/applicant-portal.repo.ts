import { and, asc, eq, inArray, isNotNull, min, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  applicants,
  confirmationCodes,
  files,
  requirements,
  rounds,
  submissions,
} from '../../db/schema/index.js'

/** Every round in the order applicants meet them: by start time, then by creation. */
export function roundsInOrder(db: Db) {
  return db
    .select()
    .from(rounds)
    .orderBy(sql`${rounds.startTime} asc nulls last`, asc(rounds.createdAt))
}

export function requirementsOf(db: Db, roundIds: string[]) {
  if (roundIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: requirements.id,
      roundId: requirements.roundId,
      description: requirements.description,
      position: requirements.position,
      templateFileId: requirements.templateFileId,
      templateName: files.name,
      templateType: files.contentType,
    })
    .from(requirements)
    .leftJoin(files, eq(files.id, requirements.templateFileId))
    .where(inArray(requirements.roundId, roundIds))
    .orderBy(asc(requirements.roundId), asc(requirements.position))
}

export async function findRound(db: Db, id: string) {
  const [row] = await db.select().from(rounds).where(eq(rounds.id, id))
  return row
}

export function submissionsOf(db: Db, applicantId: string) {
  return db
    .select({
      id: submissions.id,
      roundId: submissions.roundId,
      roundName: rounds.name,
      status: submissions.status,
      githubUrl: submissions.githubUrl,
      createdAt: submissions.createdAt,
      submittedAt: submissions.submittedAt,
    })
    .from(submissions)
    .innerJoin(rounds, eq(rounds.id, submissions.roundId))
    .where(eq(submissions.applicantId, applicantId))
    .orderBy(asc(submissions.createdAt))
}

/** When the applicant first submitted, had a submission reviewed, and confirmed by email. */
export async function milestones(db: Db, applicantId: string) {
  const [submitted] = await db
    .select({ at: min(submissions.submittedAt) })
    .from(submissions)
    .where(and(eq(submissions.applicantId, applicantId), isNotNull(submissions.submittedAt)))
  const [reviewed] = await db
    .select({ at: min(submissions.updatedAt) })
    .from(submissions)
    .where(
      and(
        eq(submissions.applicantId, applicantId),
        inArray(submissions.status, ['reviewed', 'accepted', 'rejected']),
      ),
    )
  const [confirmed] = await db
    .select({ at: min(confirmationCodes.usedAt) })
    .from(confirmationCodes)
    .where(and(eq(confirmationCodes.applicantId, applicantId), isNotNull(confirmationCodes.usedAt)))
  return {
    submittedAt: submitted?.at ?? null,
    reviewedAt: reviewed?.at ?? null,
    confirmedAt: confirmed?.at ?? null,
  }
}

export async function findApplicant(db: Db, id: string) {
  const [row] = await db.select().from(applicants).where(eq(applicants.id, id))
  return row
}

/** Selected becomes confirmed; undefined when the applicant is not (or no longer) selected. */
export async function confirmIfSelected(db: Db, id: string) {
  const [row] = await db
    .update(applicants)
    .set({ status: 'confirmed', updatedAt: sql`now()` })
    .where(and(eq(applicants.id, id), eq(applicants.status, 'selected')))
    .returning()
  if (row) {
    await db
      .update(confirmationCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(confirmationCodes.applicantId, id), sql`${confirmationCodes.usedAt} is null`))
  }
  return row
}
