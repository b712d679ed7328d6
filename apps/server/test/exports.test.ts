import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applicants, rounds, submissionRepositories, submissions } from '../src/db/schema/index.js'
import { rowsOf } from '../src/db/client.js'
import { csvCell, csvRow } from '../src/lib/csv.js'
import { csvCellSql, csvRowSql } from '../src/lib/csv-sql.js'
import { createTestContext, type TestContext } from './app.js'
import { openTestDatabase, type TestDatabase } from './database.js'
import { addStaff, signIn, signedInStaff } from './staff-helpers.js'
import { newApplicant, placeInRound } from './support/fixtures.js'

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
    // A spreadsheet that splits on semicolons (European locales) would start a formula after one.
    expect(csvCell('Ada;=SUM(A1:A9)')).toBe('"Ada;=SUM(A1:A9)"')
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell(null)).toBe('')
  })
})

describe('CSV cells written by the database', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.drop())

  // Every character JavaScript's \s matches, and some it does not that look alike.
  const spaces = [...'\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff']
  for (let c = 0x2000; c <= 0x200a; c++) spaces.push(String.fromCharCode(c))
  const notSpaces = ['\u0085', '\u180e', '\u200b', '\u2060', 'x', "'", '😀']
  const values = [
    '',
    'plain',
    'Ada, Countess',
    'say "hi"',
    '=HYPERLINK("http://evil.example","click")',
    '=1+2',
    '+1',
    '-1',
    '@SUM(A1)',
    'a=b',
    'line\nbreak',
    'carriage\rreturn',
    '\r\n',
    '"',
    ',',
    ';',
    'a;=1+2',
    ...['=', '+', '-', '@', ...spaces, ...notSpaces].flatMap((c) => [
      c,
      `${c}x`,
      `x${c}`,
      `x${c}y`,
    ]),
  ]

  it('writes each cell as csvCell does', async () => {
    const [row] = await rowsOf<{ cells: string[] }>(
      database.db,
      sql`select array[${sql.join(
        values.map((v) => csvCellSql(sql`${v}::text`)),
        sql`, `,
      )}] as cells`,
    )
    expect(row!.cells).toEqual(values.map(csvCell))
  })

  it('writes an empty cell for null and a line as csvRow does', async () => {
    const [row] = await rowsOf<{ line: string }>(
      database.db,
      sql`select ${csvRowSql([sql`'=a'::text`, sql`null::text`, sql`'b, c'::text`])} as line`,
    )
    expect(row!.line).toBe(csvRow(['=a', null, 'b, c']))
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
    const a = await newApplicant(db)
    await db
      .update(applicants)
      .set({
        name: '=HYPERLINK("http://evil.example","win")',
        collegeName: 'Indian Institute of Science',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      })
      .where(eq(applicants.id, a.id))
    const b = await newApplicant(db)
    const [stage1] = await db
      .insert(rounds)
      .values({ name: 'Stage 1', description: 'Ideas' })
      .returning()
    await placeInRound(db, b.id, stage1!.id, 'advanced')
    await db
      .update(applicants)
      .set({
        name: 'Ådnan Ñúñez, Jr.',
        collegeName: 'Delhi College',
        createdAt: new Date('2026-03-05T10:00:00Z'),
      })
      .where(eq(applicants.id, b.id))
    const c = await newApplicant(db)
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

describe('POST /api/admin/export-applicants, more applicants than one read', () => {
  let ctx: TestContext
  let admin: string
  const BULK = 5050

  beforeAll(async () => {
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
    const db = ctx.database.db
    // Times with microseconds, as now() writes them, and two applicants to each time.
    await db.execute(sql`
      insert into applicants (registration_id, name, email, mobile, student_id, course,
                              year_of_graduation, college_name, created_at)
      select 'HS-BULK-' || g, 'Bulk ' || g, 'bulk' || g || '@college.example',
             (8000000000 + g)::text, g::text, 'Other', '2027', 'Bulk College',
             timestamptz '2026-05-01 00:00:00.000123+00' + (g / 2) * interval '1 second'
        from generate_series(1, ${BULK}) g`)
    const [first, second] = await db
      .select({ id: applicants.id })
      .from(applicants)
      .where(sql`${applicants.registrationId} in ('HS-BULK-2', 'HS-BULK-3')`)
      .orderBy(applicants.registrationId)
    await db
      .update(applicants)
      .set({ reviewedAt: new Date('2026-05-04T10:11:12.345Z') })
      .where(eq(applicants.id, first!.id))
    const [one, two] = await db
      .insert(rounds)
      .values([
        { name: 'Stage 1: Ideas', description: 'd' },
        { name: 'Stage 2: Prototypes', description: 'd' },
      ])
      .returning()
    const submitted = async (
      applicantId: string,
      roundId: string,
      at: Date | null,
      sha: string,
    ) => {
      const [s] = await db
        .insert(submissions)
        .values({ applicantId, roundId, githubUrl: 'https://github.com/o/r', submittedAt: at })
        .returning()
      await db
        .insert(submissionRepositories)
        .values({ submissionId: s!.id, owner: 'o', repo: 'r', state: 'verified', frozenSha: sha })
    }
    await submitted(first!.id, one!.id, new Date('2026-05-02T00:00:00Z'), 'a'.repeat(40))
    await submitted(first!.id, two!.id, new Date('2026-05-03T00:00:00Z'), 'b'.repeat(40))
    await submitted(second!.id, one!.id, new Date('2026-05-02T00:00:00Z'), 'c'.repeat(40))
    await submitted(second!.id, two!.id, null, 'd'.repeat(40))
  })
  afterAll(() => ctx.close())

  it('writes each applicant once, in registration order, with the latest frozen commit', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/export-applicants',
      payload: {},
      headers: { cookie: admin },
    })
    expect(res.statusCode).toBe(200)
    const rows = parseCsv(res.body.replace(/^\uFEFF/, '')).slice(1)
    expect(rows).toHaveLength(BULK)
    expect(new Set(rows.map((r) => r[0])).size).toBe(BULK)
    const registeredAt = rows.map((r) => r[12]!)
    expect(registeredAt).toEqual([...registeredAt].sort())
    expect(registeredAt[0]).toBe('2026-05-01T00:00:00.000Z')
    const byId = new Map(rows.map((r) => [r[0], r]))
    expect(byId.get('HS-BULK-2')!.slice(12)).toEqual([
      '2026-05-01T00:00:01.000Z',
      '2026-05-04T10:11:12.345Z',
      'b'.repeat(40),
    ])
    // A submission not submitted yet comes after those that were.
    expect(byId.get('HS-BULK-3')![14]).toBe('c'.repeat(40))
    expect(byId.get('HS-BULK-4')!.slice(13)).toEqual(['', ''])
  })
})

describe('POST /api/admin/export-rounds', () => {
  let ctx: TestContext
  let admin: string
  beforeAll(async () => {
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
    const round = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/rounds', payload, headers: { cookie: admin } })
    const base = { description: 'd', status: 'active', requirements: ['r'], prizes: [] }
    await round({ ...base, name: 'Stage 1: Preliminary Ideas', startTime: '2026-09-01T09:00:00Z' })
    await round({ ...base, name: '=Prototype Sprint', startTime: '2026-10-01T09:00:00Z' })
  })
  afterAll(() => ctx.close())

  const exportRounds = (payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/export-rounds',
      payload,
      headers: { cookie: admin },
    })
  async function sheetOf(res: { rawPayload: Buffer }) {
    const ExcelJS = (await import('exceljs')).default
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    return rows
  }

  it('answers an xlsx with one row per stage and the chosen metrics as columns', async () => {
    const res = await exportRounds({
      filters: { stageName: 'all' },
      metrics: { totalParticipants: true, ideasSubmitted: true },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(res.headers['content-disposition']).toMatch(
      /filename="rounds_export_\d{4}-\d{2}-\d{2}\.xlsx"/,
    )
    const rows = await sheetOf(res)
    expect(rows[0]).toEqual(['Stage Name', 'Rounds', 'Total Participants', 'Ideas Submitted'])
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      'Preliminary Ideas Submission Round',
      'Prototype Submission and Selection Round',
      'Project Submission and Selection Round',
      'Change Makers and Innovators',
    ])
    expect(rows[1]).toEqual([
      'Preliminary Ideas Submission Round',
      'Stage 1: Preliminary Ideas',
      0,
      0,
    ])
    // A round named with a leading '=' is text in the sheet, not a formula.
    expect(rows[2]![1]).toBe("'=Prototype Sprint")
  })

  it('keeps one stage, and rounds starting within the dates', async () => {
    const one = await sheetOf(await exportRounds({ filters: { stageName: 'stage2' }, metrics: {} }))
    expect(one.map((r) => r[0])).toEqual(['Stage Name', 'Prototype Submission and Selection Round'])
    const dated = await sheetOf(
      await exportRounds({
        filters: { fromDate: '2026-09-15', toDate: '2026-12-31' },
        metrics: {},
      }),
    )
    expect(dated[1]![1]).toBe('')
    expect(dated[2]![1]).toBe("'=Prototype Sprint")
  })

  it('refuses a malformed request with 400', async () => {
    expect(
      (await exportRounds({ filters: { fromDate: 'yesterday' }, metrics: {} })).statusCode,
    ).toBe(400)
    expect(
      (await exportRounds({ filters: {}, metrics: { totalParticipants: 'yes' } })).statusCode,
    ).toBe(400)
  })
})
