/**
 * Migration 0014 and its start-up step (docs/decisions/019-mobile-numbers.md) on the numbers an
 * event kept before they had one form: the ones that normalize cleanly take their canonical form;
 * the ones that would then collide with another applicant's, and the ones that cannot be phone
 * numbers, stay as they are and are reported, never merged, and the migration does not fail.
 * On PostgreSQL when DATABASE_URL is set, on PGlite otherwise.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf, type Db } from '../src/db/client.js'
import { describeMobileNumberIssues } from '../src/db/mobile-numbers.js'
import { migrationsUpTo, removeFolder, withFreshDatabase } from './support/migrations.js'

/** Applicants with plain ten-digit numbers besides the cases below, to migrate in bulk. */
const BULK = 5_000

/**
 * The cases, by a letter in their registration ID: the number as the old platform kept it, how many
 * days ago they registered, and what the migration must leave.
 */
const CASES: {
  key: string
  mobile: string
  daysAgo: number
  after: string
  issue?: { kind: 'duplicate' | 'not_a_phone_number'; canonical: string | null; heldBy?: string }
}[] = [
  { key: 'A', mobile: '9876543210', daysAgo: 10, after: '+919876543210' },
  {
    key: 'B',
    mobile: '+91 98765 43210',
    daysAgo: 9,
    after: '+91 98765 43210',
    issue: { kind: 'duplicate', canonical: '+919876543210', heldBy: 'A' },
  },
  {
    key: 'C',
    mobile: '919876543210',
    daysAgo: 8,
    after: '919876543210',
    issue: { kind: 'duplicate', canonical: '+919876543210', heldBy: 'A' },
  },
  { key: 'D', mobile: '98765-43299', daysAgo: 7, after: '+919876543299' },
  // Already in canonical form: it keeps the number, although F registered earlier.
  { key: 'E', mobile: '+919876543288', daysAgo: 1, after: '+919876543288' },
  {
    key: 'F',
    mobile: '9876543288',
    daysAgo: 12,
    after: '9876543288',
    issue: { kind: 'duplicate', canonical: '+919876543288', heldBy: 'E' },
  },
  {
    key: 'G',
    mobile: 'call me maybe',
    daysAgo: 6,
    after: 'call me maybe',
    issue: { kind: 'not_a_phone_number', canonical: null },
  },
  {
    key: 'H',
    mobile: '12345 6789',
    daysAgo: 5,
    after: '12345 6789',
    issue: { kind: 'not_a_phone_number', canonical: null },
  },
  { key: 'I', mobile: '+1 202 555 0123', daysAgo: 4, after: '+12025550123' },
  { key: 'J', mobile: '0091 98765 43277', daysAgo: 3, after: '+919876543277' },
  { key: 'K', mobile: '(0) 98765 43266', daysAgo: 2, after: '+919876543266' },
]
const idOf = (key: string) => `HS-MOB-${key}`

async function seedOldNumbers(db: Db) {
  for (const c of CASES)
    await db.execute(sql`
      insert into applicants (registration_id, name, email, mobile, student_id, course,
                              year_of_graduation, college_name, created_at)
      values (${idOf(c.key)}, ${`Case ${c.key}`}, ${`case.${c.key.toLowerCase()}@college.example`},
              ${c.mobile}, ${c.key}, 'Other', '2027', 'Old College',
              now() - ${`${c.daysAgo} days`}::interval)`)
  await db.execute(sql`
    insert into applicants (registration_id, name, email, mobile, student_id, course,
                            year_of_graduation, college_name)
    select 'HS-BULK-' || g, 'Bulk ' || g, 'bulk.' || g || '@college.example',
           (7000000000 + g)::text, 'B' || g, 'Other', '2027', 'Bulk College'
      from generate_series(1, ${BULK}) g`)
}

async function verify(db: Db) {
  const rows = await rowsOf<{ registrationId: string; mobile: string }>(
    db,
    sql`select registration_id as "registrationId", mobile from applicants
         where registration_id like 'HS-MOB-%' order by registration_id`,
  )
  expect(Object.fromEntries(rows.map((r) => [r.registrationId, r.mobile]))).toEqual(
    Object.fromEntries(CASES.map((c) => [idOf(c.key), c.after])),
  )
  const issues = await rowsOf<{
    registrationId: string
    kind: string
    canonical: string | null
    heldBy: string | null
  }>(
    db,
    sql`select a.registration_id as "registrationId", i.kind, i.canonical,
               h.registration_id as "heldBy"
          from mobile_number_issues i
          join applicants a on a.id = i.applicant_id
          left join applicants h on h.id = i.held_by
         order by a.registration_id`,
  )
  expect(issues).toEqual(
    CASES.filter((c) => c.issue).map((c) => ({
      registrationId: idOf(c.key),
      kind: c.issue!.kind,
      canonical: c.issue!.canonical,
      heldBy: c.issue!.heldBy ? idOf(c.issue!.heldBy) : null,
    })),
  )
  const [bulk] = await rowsOf<{ canonical: number }>(
    db,
    sql`select count(*)::int as canonical from applicants
         where registration_id like 'HS-BULK-%' and mobile = '+91' || (7000000000 + substr(registration_id, 9)::int)`,
  )
  expect(bulk!.canonical).toBe(BULK)

  // What the organizer reads in the log at every start until they resolve it.
  const report = await describeMobileNumberIssues(db)
  expect(report).toContain('3 applicants have a mobile number that another applicant has')
  expect(report).toContain('2 applicants have a mobile number that cannot be a phone number')
  for (const c of CASES.filter((c) => c.issue)) expect(report).toContain(idOf(c.key))
  expect(report).toContain('docs/decisions/019-mobile-numbers.md')
}

async function snapshot(db: Db) {
  return rowsOf(
    db,
    sql`select md5(string_agg(a.id || a.mobile || coalesce(i.kind, ''), ',' order by a.id)) as h
          from applicants a left join mobile_number_issues i on i.applicant_id = a.id`,
  )
}

describe('migration 0014: one form for the mobile numbers an event already has', () => {
  let before: string
  beforeAll(() => {
    before = migrationsUpTo(13)
  })
  afterAll(() => removeFolder(before))

  it('normalizes the numbers it can, reports the duplicates and non-numbers it leaves as they were, and does it once', async () => {
    await withFreshDatabase(async (fresh) => {
      await fresh.migrate(before)
      await seedOldNumbers(fresh.db)
      const started = Date.now()
      await fresh.migrateAsServer({ defaultCountryCode: '91' })
      console.log(
        `${fresh.driver}: migrated ${BULK + CASES.length} numbers in ${Date.now() - started} ms`,
      )
      await verify(fresh.db)
      const once = await snapshot(fresh.db)
      // A later start (even with another default country) finds nothing left to do.
      await fresh.migrateAsServer({ defaultCountryCode: '1' })
      expect(await snapshot(fresh.db)).toEqual(once)
    })
  }, 300_000)
})
