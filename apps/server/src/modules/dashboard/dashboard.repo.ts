import { sql } from 'drizzle-orm'
import type { StageStat } from '@hackathon/contract'
import { rowsOf, type Db } from '../../db/client.js'
import { SELECTED_STATES } from '../pipeline/pipeline.repo.js'

/**
 * Per round, from the pipeline (docs/product/pipeline.md#figures): submitters (drafts aside) and
 * how many were advanced or won in that round. Rounds with neither are left out.
 */
export function stageStats(db: Db): Promise<StageStat[]> {
  return rowsOf<StageStat>(
    db,
    sql`select r.id as "stageId",
               (select count(*)::int from submissions s where s.round_id = r.id and s.status <> 'draft') as submissions,
               (select count(*)::int from pipeline_entries e where e.round_id = r.id and e.state in (${SELECTED_STATES})) as selections
          from rounds r
         where exists (select 1 from pipeline_entries e where e.round_id = r.id)`,
  )
}

/**
 * Every submission (drafts aside), and of those how many wait for a decision in their round and
 * how many were decided: pending + reviewed = submissions.
 */
export async function reviewTotals(db: Db) {
  const [row] = await rowsOf<{ submissions: number; pending: number; reviewed: number }>(
    db,
    sql`select count(*)::int as submissions,
               (count(*) filter (where e.state = 'submitted' or e.state is null))::int as pending,
               (count(*) filter (where e.state <> 'submitted'))::int as reviewed
          from submissions s
          left join pipeline_entries e on e.round_id = s.round_id and e.applicant_id = s.applicant_id
         where s.status <> 'draft'`,
  )
  return row!
}

/**
 * One judge's assigned submissions (drafts aside) and how many of them they scored; a declared
 * conflict is neither (docs/decisions/014-jury-scoring.md).
 */
export async function juryAssignments(db: Db, jurorId: string) {
  const [row] = await rowsOf<{ assigned: number; reviewed: number }>(
    db,
    sql`select count(*)::int as assigned,
               (count(*) filter (where r.saved_at is not null))::int as reviewed
          from review_assignments a
          join submissions s on s.id = a.submission_id and s.status <> 'draft'
          left join reviews r on r.submission_id = a.submission_id and r.juror_id = a.juror_id
         where a.juror_id = ${jurorId} and not coalesce(r.conflict, false)`,
  )
  return row!
}

export function recentActivity(db: Db, limit: number) {
  return rowsOf<{
    id: string
    type: string
    name: string
    action: string
    createdAt: Date | string
  }>(
    db,
    sql`select id, type, name, action, created_at as "createdAt"
          from activity order by created_at desc, id desc limit ${limit}`,
  )
}

/** Registrations per UTC day since `from` (one index range scan on created_at). */
export function registrationsSince(db: Db, from: Date) {
  return rowsOf<{ date: string; count: number }>(
    db,
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, count(*)::int as count
          from applicants where created_at >= ${from.toISOString()}::timestamptz
         group by 1`,
  )
}

export async function registeredCount(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from applicants`)
  return row?.n ?? 0
}

/**
 * Per round, in stage order: submitters, then how many were advanced (or won) in that round, and
 * how many of those confirmed (a winner counts as confirmed), all from the pipeline.
 */
export function funnel(db: Db) {
  return rowsOf<{
    roundId: string
    roundName: string
    submitted: number
    selected: number
    confirmed: number
  }>(
    db,
    sql`select r.id as "roundId", r.name as "roundName",
               (select count(*)::int from submissions s where s.round_id = r.id and s.status <> 'draft') as submitted,
               (select count(*)::int from pipeline_entries e
                 where e.round_id = r.id and e.state in (${SELECTED_STATES})) as selected,
               (select count(*)::int from pipeline_entries e
                 where e.round_id = r.id and (e.state = 'won' or (e.state = 'advanced' and e.confirmed_at is not null))) as confirmed
          from rounds r
         order by r.position asc, r.created_at asc`,
  )
}
