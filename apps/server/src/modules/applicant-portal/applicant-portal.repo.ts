import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { applicants, files, requirements, rounds, submissions } from '../../db/schema/index.js'

export function requirementsOf(db: Db, roundId: string) {
  return db
    .select({
      id: requirements.id,
      description: requirements.description,
      required: requirements.required,
      kind: requirements.kind,
      fileTypes: requirements.fileTypes,
      maxSizeMb: requirements.maxSizeMb,
      templateFileId: requirements.templateFileId,
      templateName: files.name,
      templateType: files.contentType,
    })
    .from(requirements)
    .leftJoin(files, eq(files.id, requirements.templateFileId))
    .where(and(eq(requirements.roundId, roundId), isNull(requirements.removedAt)))
    .orderBy(asc(requirements.position))
}

export async function findRound(db: Db, id: string) {
  const [row] = await db.select({ id: rounds.id }).from(rounds).where(eq(rounds.id, id))
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
    .orderBy(asc(rounds.position), asc(rounds.createdAt))
}

export async function findApplicant(db: Db, id: string) {
  const [row] = await db.select().from(applicants).where(eq(applicants.id, id))
  return row
}
