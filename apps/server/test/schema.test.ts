import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from './database.js'
import { rowsOf } from '../src/db/client.js'
import { applicants } from '../src/db/schema/index.js'

describe('database schema', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.drop())

  it('has every table of the data model and the pg_trgm extension', async () => {
    const tables = await rowsOf<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
    expect(tables.map((row) => row.table_name)).toEqual([
      'activity',
      'applicant_sessions',
      'applicants',
      'confirmation_codes',
      'email_attempts',
      'email_messages',
      'files',
      'mobile_number_issues',
      'one_time_codes',
      'pipeline_entries',
      'pipeline_events',
      'rate_limits',
      'registration_keys',
      'requirements',
      'review_assignments',
      'review_scores',
      'review_versions',
      'reviews',
      'rounds',
      'rubric_criteria',
      'settings',
      'sso_states',
      'staff_sessions',
      'staff_users',
      'submission_answers',
      'submission_repositories',
      'submission_versions',
      'submissions',
    ])
    const ext = await rowsOf(
      database.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    )
    expect(ext).toHaveLength(1)
  })

  it('refuses a second applicant with the same email in another case', async () => {
    const base = {
      name: 'Ada Lovelace',
      mobile: '9000000001',
      studentId: 'S1',
      course: 'Other',
      yearOfGraduation: '2026',
      collegeName: 'Analytical College',
    }
    await database.db
      .insert(applicants)
      .values({ ...base, registrationId: 'R-ONE', email: 'ada@example.org' })
    await expect(
      database.db.insert(applicants).values({
        ...base,
        registrationId: 'R-TWO',
        mobile: '9000000002',
        email: 'ADA@example.org',
      }),
    ).rejects.toThrow()
  })

  it('refuses a status outside the documented list (docs/product/applicants.md)', async () => {
    await expect(
      database.db
        .execute(sql`insert into applicants (registration_id, name, email, mobile, student_id, course, year_of_graduation, college_name, status)
        values ('R-BAD', 'Bad Status', 'bad@example.org', '9000000009', 'S9', 'Other', '2026', 'X', 'hacked')`),
    ).rejects.toThrow()
  })
})
