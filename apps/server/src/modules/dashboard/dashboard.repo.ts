import { sql } from 'drizzle-orm'
import type { StageStat } from '@hackathon/contract'
import { rowsOf, type Db } from '../../db/client.js'

/** Statuses that mean "selected" or a step after it; the second list, "confirmed" or after. */
const SELECTED_OR_FURTHER = sql`('selected', 'confirmed', 'won', 'round1', 'round2', 'round3')`
const CONFIRMED_OR_FURTHER = sql`('confirmed', 'won')`

/**
 * Per round: submitters (drafts aside) and how many of them are selected or further. A submission
 * is unique per applicant and round, so count(*) counts submitters (no DISTINCT to sort for).
 */
export function stageStats(db: Db): Promise<StageStat[]> {
  return rowsOf<StageStat>(
    db,
    sql`select s.round_id as "stageId",
               count(*)::int as submissions,
               (count(*) filter (where a.status in ${SELECTED_OR_FURTHER}))::int as selections
          from submissions s join applicants a on a.id = s.applicant_id
         where s.status <> 'draft'
         group by s.round_id`,
  )
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

/** Per round, in the rounds' display order: submitters, then how far they went. */
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
               count(s.id)::int as submitted,
               (count(s.id) filter (where a.status in ${SELECTED_OR_FURTHER}))::int as selected,
               (count(s.id) filter (where a.status in ${CONFIRMED_OR_FURTHER}))::int as confirmed
          from rounds r
          left join submissions s on s.round_id = r.id and s.status <> 'draft'
          left join applicants a on a.id = s.applicant_id
         group by r.id
         order by r.start_time asc nulls last, r.created_at asc`,
  )
}
