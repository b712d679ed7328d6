import { sql } from 'drizzle-orm'
import type { ApplicantStatus, StageFigures } from '@hackathon/contract'
import { rowsOf, type Db } from '../../db/client.js'
import { rounds } from '../../db/schema/index.js'

export type ApplicantState = {
  id: string
  registrationId: string
  name: string
  email: string
  status: ApplicantStatus
  currentStage: string | null
}

const CHUNK = 5000

/** Rows of an array, a chunk at a time, so no statement carries more than CHUNK values. */
async function inChunks<T, R>(items: T[], run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  for (let start = 0; start < items.length; start += CHUNK)
    out.push(...(await run(items.slice(start, start + CHUNK))))
  return out
}

/**
 * The applicants named by id or registration ID (matched without regard to case), with their
 * current state. The pipeline locks the ones a decision is about.
 */
export async function findApplicants(
  db: Db,
  keys: { ids: string[]; registrationIds: string[] },
): Promise<ApplicantState[]> {
  const query = (column: 'id' | 'registration_id', values: string[]) =>
    inChunks(values, (chunk) =>
      rowsOf<ApplicantState>(
        db,
        sql`select id, registration_id as "registrationId", name, email, status,
                   current_stage as "currentStage"
              from applicants
             where ${column === 'id' ? sql`id` : sql`upper(registration_id)`} in
                   (select ${column === 'id' ? sql`value::uuid` : sql`value`}
                      from jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`,
      ),
    )
  return [
    ...(await query('id', keys.ids)),
    ...(await query('registration_id', keys.registrationIds)),
  ]
}

export type RoundFigures = { id: string; name: string } & StageFigures

/** Every round with the figures an organizer reported for it. */
export async function roundFigures(db: Db, lock: boolean): Promise<RoundFigures[]> {
  const query = db
    .select({
      id: rounds.id,
      name: rounds.name,
      totalParticipants: rounds.totalParticipants,
      totalColleges: rounds.totalColleges,
      ideasSubmitted: rounds.ideasSubmitted,
      prototypesApproved: rounds.prototypesApproved,
      projectsApproved: rounds.projectsApproved,
      totalInvitees: rounds.totalInvitees,
      solutionsToBeBuilt: rounds.solutionsToBeBuilt,
    })
    .from(rounds)
    .orderBy(rounds.position, rounds.createdAt)
  return lock ? query.for('update') : query
}

export async function updateRoundFigures(
  db: Db,
  changes: ({ id: string } & StageFigures)[],
): Promise<void> {
  if (changes.length === 0) return
  await db.execute(sql`
    update rounds r
       set total_participants = v."totalParticipants", total_colleges = v."totalColleges",
           ideas_submitted = v."ideasSubmitted", prototypes_approved = v."prototypesApproved",
           projects_approved = v."projectsApproved", total_invitees = v."totalInvitees",
           solutions_to_be_built = v."solutionsToBeBuilt", updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(
           id uuid, "totalParticipants" int, "totalColleges" int, "ideasSubmitted" int,
           "prototypesApproved" int, "projectsApproved" int, "totalInvitees" int,
           "solutionsToBeBuilt" int)
     where r.id = v.id`)
}
