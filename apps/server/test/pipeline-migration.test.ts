import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf, type Db } from '../src/db/client.js'
import { project } from '../src/modules/pipeline/pipeline.repo.js'
import {
  MIGRATIONS,
  migrationsUpTo,
  removeFolder,
  withFreshDatabase,
} from './support/migrations.js'

/**
 * Migration 0011 (docs/decisions/017-the-pipeline.md) on an event as the platform kept it before
 * the pipeline: 100,000 applicants with every status, submissions, bulk-sheet selections, the
 * statuses only the old rules could produce. No decision may be lost.
 */
const APPLICANTS = 100_000

/**
 * Ten kinds of people, g mod 10 (what the old platform could hold), each with the status and
 * current stage the pipeline must give them:
 *  0 registered, nothing sent              -> registered, no stage
 *  1 submitted to R1                       -> submitted, R1
 *  2 selected after R1 (jury)              -> selected, R2
 *  3 confirmed after R1                    -> confirmed, R2
 *  4 not selected after R1                 -> not_selected, R1
 *  5 won, submitted to all four rounds     -> won, R4
 *  6 submitted R1 and R2 (the old rules overwrote their selection) -> submitted, R2
 *  7 selected by a bulk sheet, no submission, current stage R2 (its Next Stage) -> selected, R2
 *  8 round2 (in the second round)          -> selected, R2
 *  9 registered again by an admin, with an R1 submission -> submitted, R1
 */
const EXPECTED: Record<number, [string, string | null]> = {
  0: ['registered', null],
  1: ['submitted', 'R1 Ideas'],
  2: ['selected', 'R2 Prototype'],
  3: ['confirmed', 'R2 Prototype'],
  4: ['not_selected', 'R1 Ideas'],
  5: ['won', 'R4 Final'],
  6: ['submitted', 'R2 Prototype'],
  7: ['selected', 'R2 Prototype'],
  8: ['selected', 'R2 Prototype'],
  9: ['submitted', 'R1 Ideas'],
}

async function seedOldEvent(db: Db) {
  // The old order was by start time; a round without one came last.
  await db.execute(sql`
    insert into rounds (name, description, status, start_time, created_at)
    values ('R4 Final', 'd', 'upcoming', '2026-04-01', now() - interval '4 days'),
           ('R2 Prototype', 'd', 'active', '2026-02-01', now() - interval '3 days'),
           ('Orphan', 'no date', 'upcoming', null, now() - interval '5 days'),
           ('R1 Ideas', 'd', 'completed', '2026-01-01', now() - interval '2 days'),
           ('R3 Project', 'd', 'upcoming', '2026-03-01', now() - interval '1 day')`)
  await db.execute(sql`
    insert into requirements (round_id, position, description)
    select id, 0, 'Deck' from rounds`)
  await db.execute(sql`
    insert into applicants (registration_id, name, email, mobile, student_id, course,
                            year_of_graduation, college_name, status, current_stage, reviewed_at)
    select 'HS-MIG-' || lpad(g::text, 7, '0'), 'Old ' || g, 'old.' || g || '@college.example',
           (8100000000 + g)::text, 'M' || g, 'Other', '2027', 'College ' || (g % 200),
           (array['registered','submitted','selected','confirmed','not_selected','won','submitted',
                  'selected','round2','registered'])[g % 10 + 1],
           case g % 10 when 0 then null when 6 then 'R2 Prototype' when 7 then 'R2 Prototype'
                       when 5 then 'R1 Ideas' when 8 then null else 'R1 Ideas' end,
           case when g % 10 in (2, 3, 4, 5, 7) then now() - interval '1 day' end
      from generate_series(1, ${APPLICANTS}) g`)
  const kind = sql`(substr(a.registration_id, 8)::int % 10)`
  const submit = (round: string, kinds: number[]) =>
    db.execute(sql`
      insert into submissions (applicant_id, round_id, github_url, status, submitted_at)
      select a.id, r.id, 'https://github.com/old/' || a.registration_id, 'submitted', now() - interval '2 days'
        from applicants a, rounds r
       where r.name = ${round} and ${kind} in ${sql.raw(`(${kinds.join(',')})`)}`)
  await submit('R1 Ideas', [1, 2, 3, 4, 5, 6, 9])
  await submit('R2 Prototype', [5, 6])
  await submit('R3 Project', [5])
  await submit('R4 Final', [5])
  await db.execute(sql`
    insert into submission_documents (submission_id, requirement_id)
    select s.id, q.id from submissions s join requirements q on q.round_id = s.round_id`)
  await db.execute(sql`
    insert into confirmation_codes (applicant_id, code_hash, expires_at, used_at)
    select a.id, 'h' || a.id, now() + interval '1 day', now() - interval '12 hours'
      from applicants a where ${kind} = 3`)
}

async function verify(db: Db) {
  const byKind = await rowsOf<{ kind: number; status: string; stage: string | null; n: number }>(
    db,
    sql`select (substr(registration_id, 8)::int % 10) as kind, status, current_stage as stage, count(*)::int as n
          from applicants group by 1, 2, 3 order by 1`,
  )
  // Each kind lands on exactly one status and stage: the expected one.
  expect(byKind.map((k) => [k.kind, k.status, k.stage])).toEqual(
    Object.entries(EXPECTED).map(([kind, [status, stage]]) => [Number(kind), status, stage]),
  )
  expect(byKind.reduce((sum, k) => sum + k.n, 0)).toBe(APPLICANTS)
  const [counts] = await rowsOf<{
    unrecorded: number
    positions: string
    legacy: number
    confirmedKept: number
    events: number
  }>(
    db,
    sql`select
          (select count(*)::int from submissions s where not exists (
             select 1 from pipeline_entries e where e.round_id = s.round_id and e.applicant_id = s.applicant_id)) as unrecorded,
          (select string_agg(name, ' | ' order by position) from rounds) as positions,
          (select count(*)::int from submissions where jsonb_array_length(legacy_documents) = 1) as legacy,
          (select count(*)::int from pipeline_entries where confirmed_at is not null) as "confirmedKept",
          (select count(*)::int from pipeline_events) as events`,
  )
  expect(counts).toMatchObject({
    unrecorded: 0,
    positions: 'R1 Ideas | R2 Prototype | R3 Project | R4 Final | Orphan',
    legacy: (APPLICANTS / 10) * 11,
    confirmedKept: APPLICANTS / 10,
  })
  expect(counts!.events).toBeGreaterThan(APPLICANTS)
  // The projection the migration wrote is the one the code computes.
  const before = await rowsOf(
    db,
    sql`select md5(string_agg(id || status || coalesce(current_stage, ''), ',' order by id)) as h from applicants`,
  )
  await db.transaction(async (tx) => {
    await project(tx, { all: true })
    const after = await rowsOf(
      tx,
      sql`select md5(string_agg(id || status || coalesce(current_stage, ''), ',' order by id)) as h from applicants`,
    )
    expect(after).toEqual(before)
  })
  // A new round goes after the migrated ones.
  const [added] = await rowsOf<{ last: boolean }>(
    db,
    sql`with r as (insert into rounds (name, description) values ('New', 'd') returning position)
        select (select position from r) > (select max(position) from rounds) as last`,
  )
  expect(added!.last).toBe(true)
}

describe('migrating an event of 100,000 applicants into the pipeline', () => {
  let before: string
  beforeAll(() => {
    before = migrationsUpTo(10)
  })
  afterAll(() => removeFolder(before))

  it('keeps every decision and gives everyone the status and stage their records say', async () => {
    await withFreshDatabase(async (fresh) => {
      await fresh.migrate(before)
      await seedOldEvent(fresh.db)
      const started = Date.now()
      await fresh.migrate(MIGRATIONS)
      console.log(
        `${fresh.driver}: migrated ${APPLICANTS} applicants in ${Date.now() - started} ms`,
      )
      await verify(fresh.db)
    })
  }, 600_000)
})
