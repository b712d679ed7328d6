import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applicants } from '../src/db/schema/index.js'
import { csvCell } from '../src/lib/csv.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn } from './staff-helpers.js'
import { newApplicant } from './support/fixtures.js'

/** Parses the RFC 4180 text back into rows, so the test reads what a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  return rows
}

describe('CSV cells', () => {
  it('neutralises formulas and quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    )
    for (const lead of ['+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(lead).replace(/^"/, '').startsWith("'")).toBe(true)
    expect(csvCell('Ada, Countess')).toBe('"Ada, Countess"')
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell(null)).toBe('')
  })
})

describe('POST /api/admin/export-applicants', () => {
  let ctx: TestContext
  let admin: string
  const exportWith = (filters: object, cookie = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/export-applicants',
      payload: filters,
      headers: { cookie },
    })

  beforeAll(async () => {
    ctx = await createTestContext()
    await addStaff(ctx.database.db, {
      email: 'export.admin@example.org',
      password: 'export admin',
      role: 'admin',
    })
    await addStaff(ctx.database.db, {
      email: 'export.jury@example.org',
      password: 'export jury',
      role: 'jury',
    })
    admin = await signIn(ctx.app, 'export.admin@example.org', 'export admin')
    const db = ctx.database.db
    const a = await newApplicant(db, 'registered')
    await db
      .update(applicants)
      .set({
        name: '=HYPERLINK("http://evil.example","win")',
        collegeName: 'Indian Institute of Science',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      })
      .where(eq(applicants.id, a.id))
    const b = await newApplicant(db, 'selected')
    await db
      .update(applicants)
      .set({
        name: 'Ådnan Ñúñez, Jr.',
        collegeName: 'Delhi College',
        createdAt: new Date('2026-03-05T10:00:00Z'),
      })
      .where(eq(applicants.id, b.id))
    const c = await newApplicant(db, 'registered')
    await db
      .update(applicants)
      .set({
        name: 'Late Comer',
        collegeName: 'Indian Institute of Technology',
        createdAt: new Date('2026-04-01T10:00:00Z'),
      })
      .where(eq(applicants.id, c.id))
  })
  afterAll(() => ctx.close())

  it('streams every applicant as UTF-8 CSV with a byte order mark, a header row and a dated file name', async () => {
    const res = await exportWith({})
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="applicants_export_\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true)
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''))
    expect(rows[0]!.slice(0, 3)).toEqual(['Registration ID', 'Name', 'Email'])
    expect(rows).toHaveLength(4)
    expect(rows.map((r) => r[1])).toContain('Ådnan Ñúñez, Jr.')
  })

  it("neutralises a name like '=HYPERLINK(...)' so no spreadsheet runs it", async () => {
    const rows = parseCsv((await exportWith({})).body.replace(/^\uFEFF/, ''))
    const names = rows.map((r) => r[1])
    expect(names).toContain(`'=HYPERLINK("http://evil.example","win")`)
    expect(names.some((n) => n?.startsWith('='))).toBe(false)
  })

  it('filters by period, college fragment, status and registration code', async () => {
    const names = async (filters: object) =>
      parseCsv((await exportWith(filters)).body.replace(/^\uFEFF/, ''))
        .slice(1)
        .map((r) => r[1])
    expect(
      await names({
        fromDateTime: '2026-03-02T00:00:00.000Z',
        toDateTime: '2026-03-31T23:59:00.000Z',
      }),
    ).toEqual(['Ådnan Ñúñez, Jr.'])
    expect((await names({ collegeName: 'indian institute' })).length).toBe(2)
    expect(await names({ status: 'selected' })).toEqual(['Ådnan Ñúñez, Jr.'])
    expect((await names({ status: 'all' })).length).toBe(3)
    const [, first] = parseCsv((await exportWith({})).body.replace(/^\uFEFF/, ''))
    expect(await names({ registrationCode: first![0]!.slice(3, 8).toLowerCase() })).toEqual([
      first![1],
    ])
  })

  it('refuses a reversed period (400), and anyone but an admin (401/403)', async () => {
    expect(
      (
        await exportWith({
          fromDateTime: '2026-04-01T00:00:00Z',
          toDateTime: '2026-03-01T00:00:00Z',
        })
      ).statusCode,
    ).toBe(400)
    expect((await exportWith({}, '')).statusCode).toBe(401)
    const jury = await signIn(ctx.app, 'export.jury@example.org', 'export jury')
    expect((await exportWith({}, jury)).statusCode).toBe(403)
  })
})
