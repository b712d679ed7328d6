import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.js'
import { files } from '../../db/schema/index.js'

/** The requirement an answer file is uploaded for, with its round. */
export async function requirement(db: Db, id: string) {
  const [row] = await rowsOf<{
    id: string
    roundId: string
    description: string
    kind: 'file' | 'link' | 'text'
    fileTypes: string[]
    maxSizeMb: number
    removed: boolean
  }>(
    db,
    sql`select id, round_id as "roundId", description, kind, file_types as "fileTypes",
               max_size_mb as "maxSizeMb", removed_at is not null as removed
          from requirements where id = ${id}`,
  )
  return row
}

/**
 * The applicant's earlier uploads for this requirement that no answer, current or kept in a
 * version, points at: a new upload replaces them, so trying again costs no storage.
 */
export async function dropUnusedUploads(db: Db, applicantId: string, requirementId: string) {
  await db.execute(sql`
    delete from files f
     where f.owner_applicant_id = ${applicantId} and f.requirement_id = ${requirementId}
       and not exists (select 1 from submission_answers a where a.file_id = f.id)
       and not exists (select 1 from submission_versions v join submissions s on s.id = v.submission_id
                        where s.applicant_id = ${applicantId}
                          and v.answers @> jsonb_build_array(jsonb_build_object('file', jsonb_build_object('id', f.id::text))))`)
}

/** Bytes the applicant's files hold. */
export async function storedBytes(db: Db, applicantId: string): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select coalesce(sum(size), 0) as n from files where owner_applicant_id = ${applicantId}`,
  )
  return Number(row?.n ?? 0)
}

export async function insert(
  db: Db,
  values: {
    name: string
    contentType: string
    data: Buffer
    ownerApplicantId: string
    requirementId: string
  },
) {
  const [row] = await db
    .insert(files)
    .values({
      ...values,
      size: values.data.length,
      sha256: createHash('sha256').update(values.data).digest('hex'),
    })
    .returning({ id: files.id, name: files.name, size: files.size, contentType: files.contentType })
  return row!
}

/** An answer file, when it belongs to this applicant. */
export async function ownFile(db: Db, id: string, applicantId: string) {
  const [row] = await rowsOf<typeof files.$inferSelect>(
    db,
    sql`select id, name, content_type as "contentType", size, sha256, data
          from files where id = ${id} and owner_applicant_id = ${applicantId}`,
  )
  return row
}

/**
 * An answer file for staff: any applicant's, except that a jury member who declared a conflict of
 * interest on the submission it belongs to does not see it (docs/decisions/014-jury-scoring.md).
 */
export async function staffFile(db: Db, id: string, jurorId: string | null) {
  const [row] = await rowsOf<typeof files.$inferSelect>(
    db,
    sql`select f.id, f.name, f.content_type as "contentType", f.size, f.sha256, f.data
          from files f
         where f.id = ${id} and f.owner_applicant_id is not null
           and (${jurorId}::uuid is null or not exists (
                 select 1 from submissions s join reviews r on r.submission_id = s.id
                  where s.applicant_id = f.owner_applicant_id and r.juror_id = ${jurorId}::uuid and r.conflict))`,
  )
  return row
}
