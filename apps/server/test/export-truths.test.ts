import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPORT_ROWS_HEADER } from '@hackathon/contract'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { newApplicant } from './support/fixtures.js'

/** Issue 22 item 6: an export says how many rows it holds, and the rounds export says it all. */
describe('what the exports tell', () => {
  let ctx: TestContext
  let admin: string
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } })

  async function sheetsOf(res: { rawPayload: Buffer }) {
    const ExcelJS = (await import('exceljs')).default
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    return Object.fromEntries(
      workbook.worksheets.map((sheet) => {
        const rows: unknown[][] = []
        sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
        return [sheet.name, rows]
      }),
    )
  }

  beforeAll(async () => {
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
    for (let i = 0; i < 3; i++) await newApplicant(ctx.database.db)
    const created = await post('/api/rounds', {
      name: 'Stage 2: Prototype Sprint',
      description: 'Build it',
      status: 'upcoming',
      startTime: '2026-10-01T09:00:00Z',
      endTime: '2026-10-15T18:00:00Z',
      maxParticipants: '500',
      requirements: ['A working demo', 'A two-minute video'],
      prizes: ['Mentorship', 'Cloud credits'],
    })
    expect(created.statusCode, created.body).toBe(201)
    // The organizer reported 120 participants on the stage-details sheet, and no colleges.
    await ctx.database.db.execute(
      sql`update rounds set total_participants = 120 where name = 'Stage 2: Prototype Sprint'`,
    )
  })
  afterAll(() => ctx.close())

  it('says how many applicants the CSV holds, 0 when none matched', async () => {
    const none = await post('/api/admin/export-applicants', { collegeName: 'No Such College' })
    expect(none.statusCode).toBe(200)
    expect(none.headers[EXPORT_ROWS_HEADER]).toBe('0')
    const all = await post('/api/admin/export-applicants', {})
    expect(all.headers[EXPORT_ROWS_HEADER]).toBe('3')
    expect(all.body.trim().split('\r\n')).toHaveLength(4)
  })

  it("lists each round with its status, order, dates, limit, requirements, prizes and the dashboard's figures", async () => {
    const res = await post('/api/admin/export-rounds', { filters: {}, metrics: {} })
    expect(res.statusCode).toBe(200)
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe('1')
    const sheets = await sheetsOf(res)
    const [header, row] = sheets['Rounds']!
    expect(header).toEqual([
      'Order',
      'Round',
      'Stage',
      'Status',
      'Start (UTC)',
      'End (UTC)',
      'Max Participants',
      'Participants',
      'Colleges',
      'Stage Figure',
      'Stage Figure Value',
      'Estimated',
      'Requirements',
      'Prizes',
    ])
    expect(row).toEqual([
      1,
      'Stage 2: Prototype Sprint',
      'Prototype Submission and Selection Round',
      'upcoming',
      '2026-10-01T09:00:00.000Z',
      '2026-10-15T18:00:00.000Z',
      500,
      120,
      // As the dashboard shows them: colleges a third of the participants, approved 70%.
      40,
      'Prototypes Approved',
      84,
      'Colleges, Prototypes Approved',
      'A working demo\nA two-minute video',
      'Mentorship\nCloud credits',
    ])
  })

  it("totals the stage sheet's colleges as the dashboard shows them", async () => {
    const res = await post('/api/admin/export-rounds', {
      filters: { stageName: 'stage2' },
      metrics: { totalParticipants: true, totalColleges: true },
    })
    const sheets = await sheetsOf(res)
    expect(sheets['Competition Rounds']![1]).toEqual([
      'Prototype Submission and Selection Round',
      'Stage 2: Prototype Sprint',
      120,
      40,
    ])
  })

  it('says 0 rows when no round matches', async () => {
    const res = await post('/api/admin/export-rounds', {
      filters: { fromDate: '2030-01-01' },
      metrics: {},
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe('0')
  })
})
