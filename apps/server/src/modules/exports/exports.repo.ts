import { and, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { ApplicantStatus } from '@hackathon/contract'
import { rowsOf, type Db } from '../../db/client.js'
import { applicants } from '../../db/schema/index.js'
import { containsPattern } from '../../db/sql.js'
import { csvRowSql } from '../../lib/csv-sql.js'
import { statusCondition } from '../applicants/applicants.repo.js'

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
    f.status ? statusCondition(f.status) : undefined,
    f.registrationCode
      ? sql`lower(${applicants.registrationId}) like ${containsPattern(f.registrationCode)}`
      : undefined,
  ].filter((c): c is SQL => c !== undefined)
}

/** How many applicants the filter matches (an export's row count beyond its first page). */
export async function count(db: Db, filter: ApplicantExportFilter): Promise<number> {
  const where = and(...whereOf(filter))
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${applicants} ${where ? sql`where ${where}` : sql``}`,
  )
  return row?.n ?? 0
}

/** Where a page ends: the next page starts after this row (created_at, id). */
export interface ExportKeyset {
  /** The database's own text of created_at, to the microsecond (a Date keeps milliseconds). */
  createdAt: string
  id: string
}

/** Times as Date.toISOString() writes them: UTC, to the millisecond. */
const isoUtc = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The export's columns: each title with its value, so the two cannot drift apart. */
export const APPLICANT_EXPORT_COLUMNS: readonly (readonly [title: string, value: SQL])[] = [
  ['Registration ID', sql`${applicants.registrationId}`],
  ['Name', sql`${applicants.name}`],
  ['Email', sql`${applicants.email}`],
  ['Mobile', sql`${applicants.mobile}`],
  ['Student ID', sql`${applicants.studentId}`],
  ['College', sql`${applicants.collegeName}`],
  ['Course', sql`${applicants.course}`],
  ['Year of Graduation', sql`${applicants.yearOfGraduation}`],
  ['LinkedIn Profile', sql`${applicants.linkedinProfile}`],
  ['Status', sql`${applicants.status}`],
  ['Current Stage', sql`${applicants.currentStage}`],
  ['GitHub URL', sql`${applicants.githubUrl}`],
  ['Registered At (UTC)', isoUtc(applicants.createdAt)],
  ['Reviewed At (UTC)', isoUtc(applicants.reviewedAt)],
  // The commit frozen at the deadline of the applicant's latest submission (issue 10).
  [
    'Frozen Commit',
    sql`(select sr.frozen_sha from submissions s
           join submission_repositories sr on sr.submission_id = s.id
          where s.applicant_id = ${applicants.id}
          order by s.submitted_at desc nulls last limit 1)`,
  ],
]

/**
 * Applicants per string a page comes back in. Strings this size stay in V8's young generation and
 * die there; one string per page went to the large-object space, and the server's memory grew
 * about twice as much during an export.
 */
const PART_SIZE = 200

export interface ApplicantExportPage {
  /** How many applicants the page holds. */
  count: number
  /** The page's CSV lines, PART_SIZE applicants to a string. */
  parts: string[]
  /** The last applicant's keyset, undefined when the page is empty. */
  last: ExportKeyset | undefined
}

/**
 * One page of the export after `after` (keyset: created_at, id), so a 100,000-row export reads
 * in steps on either driver, never all at once, and rows added meanwhile do not shift pages.
 *
 * - The keyset is a row comparison, which the (created_at, id) indexes answer as a range; spelled
 *   with OR it was only a filter, and every page scanned all the pages before it.
 * - The database writes the CSV lines (csvRowSql: csvRow's rules) and returns them a few hundred
 *   to a value. A row and a field per cell cost more than the query on PGlite, which decodes each
 *   field in JavaScript; and cells decoded and encoded again made ~2 KB of garbage per applicant,
 *   which grew the server's heap by 100 MB and more during an export.
 */
export async function page(
  db: Db,
  filter: ApplicantExportFilter,
  after: ExportKeyset | undefined,
  size: number,
): Promise<ApplicantExportPage> {
  const keyset = after
    ? sql`(${applicants.createdAt}, ${applicants.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined
  const where = and(...whereOf(filter), keyset)
  const cells = APPLICANT_EXPORT_COLUMNS.map((_, i) => sql.identifier(`c${i}`))
  const parts = await rowsOf<{
    csv: string
    count: number
    lastCreatedAt: string | null
    lastId: string | null
  }>(
    db,
    sql`with page as (
          select ${applicants.createdAt} as created_at, ${applicants.id} as id,
                 ${sql.join(
                   APPLICANT_EXPORT_COLUMNS.map(([, value], i) => sql`${value} as ${cells[i]}`),
                   sql`, `,
                 )}
            from ${applicants}
           ${where ? sql`where ${where}` : sql``}
           order by ${applicants.createdAt}, ${applicants.id}
           limit ${size}),
        numbered as (
          select *, row_number() over (order by created_at, id) - 1 as n from page)
        select string_agg(${csvRowSql(cells)}, '' order by n) as "csv", count(*)::int as "count",
               (select p.created_at::text from numbered p order by p.n desc limit 1) as "lastCreatedAt",
               (select p.id from numbered p order by p.n desc limit 1) as "lastId"
          from numbered
         group by n / ${sql.raw(String(PART_SIZE))}
         order by n / ${sql.raw(String(PART_SIZE))}`,
  )
  const last = parts[0]
  return {
    count: parts.reduce((sum, part) => sum + part.count, 0),
    parts: parts.map((part) => part.csv),
    last:
      last?.lastCreatedAt && last.lastId
        ? { createdAt: last.lastCreatedAt, id: last.lastId }
        : undefined,
  }
}
