import { and, asc, eq, gt, gte, lte, or, sql, type SQL } from 'drizzle-orm'
import type { ApplicantStatus } from '@hackathon/contract'
import type { Db } from '../../db/client.js'
import { applicants } from '../../db/schema/index.js'
import { containsPattern } from '../../db/sql.js'

export interface ApplicantExportFilter {
  from?: Date
  to?: Date
  college?: string
  status?: ApplicantStatus
  registrationCode?: string
}

function whereOf(f: ApplicantExportFilter): SQL[] {
  return [
    f.from ? gte(applicants.createdAt, f.from) : undefined,
    f.to ? lte(applicants.createdAt, f.to) : undefined,
    f.college
      ? sql`lower(${applicants.collegeName}) like ${containsPattern(f.college)}`
      : undefined,
    f.status ? eq(applicants.status, f.status) : undefined,
    f.registrationCode
      ? sql`lower(${applicants.registrationId}) like ${containsPattern(f.registrationCode)}`
      : undefined,
  ].filter((c): c is SQL => c !== undefined)
}

/**
 * One page of the export after `after` (keyset: created_at, id), so a 100,000-row export reads
 * in small steps on either driver, never all at once, and rows added meanwhile do not shift pages.
 */
export function page(
  db: Db,
  filter: ApplicantExportFilter,
  after: { createdAt: Date; id: string } | undefined,
  size: number,
) {
  const keyset = after
    ? or(
        gt(applicants.createdAt, after.createdAt),
        and(eq(applicants.createdAt, after.createdAt), gt(applicants.id, after.id)),
      )
    : undefined
  return db
    .select({
      applicant: applicants,
      // The commit frozen at the deadline of the applicant's latest submission (issue 10). The
      // outer column is named in full: drizzle writes a bare "id", which the subquery would take
      // for its own submissions.id.
      frozenSha: sql<string | null>`(
        select sr.frozen_sha from submissions s
          join submission_repositories sr on sr.submission_id = s.id
         where s.applicant_id = "applicants"."id"
         order by s.submitted_at desc nulls last limit 1)`,
    })
    .from(applicants)
    .where(and(...whereOf(filter), keyset))
    .orderBy(asc(applicants.createdAt), asc(applicants.id))
    .limit(size)
}
