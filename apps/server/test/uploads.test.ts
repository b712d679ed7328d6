/**
 * Bulk uploads (issue 8). The xlsx and xls fixtures were made from the CSV sources beside them by
 * LibreOffice Calc: test/fixtures/uploads/make-fixtures.sh (soffice --headless --convert-to).
 */
import { readFileSync } from 'node:fs'
import { crc32, createDeflateRaw } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  SELECTION_COLUMNS,
  STAGE_DETAILS_COLUMNS,
  type ApplicantStatus,
  type SelectionUploadReport,
  type StageDetailsUploadReport,
} from '@hackathon/contract'
import { rowsOf } from '../src/db/client.js'
import { applicants, rounds } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { multipart, placeInRound, submitInRound } from './support/fixtures.js'
import { sharedLongStatusXlsx } from './support/hostile-sheets.js'
import { entryOf, zipOf } from './support/zip.js'

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/uploads/${name}`, import.meta.url))

const PRELIMINARY = 'Preliminary Ideas Submission Round'
const PROTOTYPE = 'Prototype Submission and Selection Round'

/** 'size' bytes of zeros, deflated as a stream (a classic bomb: about 1,000 to 1). */
async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 })
  const chunks: Buffer[] = []
  deflate.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  const zeros = Buffer.alloc(1024 * 1024)
  for (let written = 0; written < size; written += zeros.length) {
    if (!deflate.write(zeros)) await new Promise((r) => deflate.once('drain', r))
  }
  deflate.end()
  await done
  return Buffer.concat(chunks)
}

/** The parts a real xlsx has, so only the bomb makes it wrong. */
const workbookParts = () => [
  entryOf('[Content_Types].xml', '<Types/>'),
  entryOf('xl/workbook.xml', '<workbook/>'),
]

describe('bulk uploads', () => {
  let ctx: TestContext
  let admin: string
  let jury: string

  const db = () => ctx.database.db
  const upload = (
    kind: 'applicant-selection' | 'stage-details',
    name: string,
    data: Buffer,
    query = '',
    cookie = admin,
  ) => {
    const { body, contentType } = multipart('file', name, data)
    return ctx.app.inject({
      method: 'POST',
      url: `/api/${kind}/upload${query}`,
      payload: body,
      headers: { cookie, 'content-type': contentType },
    })
  }
  const statusOf = async (registrationId: string) =>
    (
      await rowsOf<{ status: ApplicantStatus; stage: string | null }>(
        db(),
        sql`select status, current_stage as stage from applicants where registration_id = ${registrationId}`,
      )
    )[0]
  const count = async (table: 'email_messages' | 'confirmation_codes' | 'activity') =>
    Number(
      (await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!
        .n,
    )

  /** An applicant, registered or with a submission to the first round. */
  async function addApplicant(
    registrationId: string,
    status: 'registered' | 'submitted',
    n: number,
  ) {
    const [row] = await db()
      .insert(applicants)
      .values({
        registrationId,
        name: `Student ${n}`,
        email: `student${n}@college.example`,
        mobile: `98765${String(n).padStart(5, '0')}`,
        studentId: `S${n}`,
        course: 'Other',
        yearOfGraduation: '2027',
        collegeName: 'Fixture College',
      })
      .returning()
    if (status === 'submitted') {
      const [first] = await db().select().from(rounds).where(eq(rounds.name, PRELIMINARY))
      await submitInRound(db(), row!.id, first!.id, 'https://github.com/a/b')
    }
    return row!
  }

  beforeAll(async () => {
    ctx = await createTestContext()
    admin = await signedInStaff(ctx.app, db(), 'admin')
    jury = await signedInStaff(ctx.app, db(), 'jury')
  })
  afterAll(async () => ctx.close())

  beforeEach(async () => {
    await db().execute(sql`truncate applicants, rounds, activity, email_messages cascade`)
    await db()
      .insert(rounds)
      .values([
        { name: PRELIMINARY, description: 'Ideas' },
        { name: PROTOTYPE, description: 'Prototypes', totalColleges: 7 },
      ])
    await addApplicant('HS-AAAA-2222', 'submitted', 1)
    await addApplicant('HS-AAAA-3333', 'submitted', 2)
    await addApplicant('HS-AAAA-4444', 'registered', 3)
  })

  describe('templates', () => {
    it.each([
      ['/api/applicant-selection/template', SELECTION_COLUMNS, 'applicant_selection_template.xlsx'],
      ['/api/stage-details/template', STAGE_DETAILS_COLUMNS, 'stage_details_template.xlsx'],
    ])(
      '%s downloads an xlsx with the documented columns, one example row and a sheet explaining each column',
      async (url, columns, filename) => {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } })
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`)
        const book = new ExcelJS.Workbook()
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
        const [sheet, help] = book.worksheets
        expect((sheet!.getRow(1).values as unknown[]).slice(1)).toEqual([...columns])
        expect(sheet!.actualRowCount).toBe(2)
        expect(help!.name).toBe('How to fill')
        const explained = help!.getColumn(1).values.slice(2).filter(Boolean)
        expect(explained).toEqual([...columns])
        // The explanation names the rounds there are now, as valid stage values.
        expect(JSON.stringify(help!.getColumn(3).values)).toContain(PROTOTYPE)
      },
    )

    it('are for admins only', async () => {
      const asJury = await ctx.app.inject({
        method: 'GET',
        url: '/api/stage-details/template',
        headers: { cookie: jury },
      })
      expect(asJury.statusCode).toBe(403)
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: '/api/applicant-selection/template',
      })
      expect(anonymous.statusCode).toBe(401)
    })
  })

  describe('selection upload', () => {
    it.each(['selection.xlsx', 'selection.xls', 'selection.csv'])(
      'reads %s (made by LibreOffice) and a dry run shows each change without making it',
      async (name) => {
        const res = await upload('applicant-selection', name, fixture(name), '?dryRun=true')
        expect(res.statusCode).toBe(200)
        const report = res.json<SelectionUploadReport>()
        expect(report).toMatchObject({
          dryRun: true,
          rows: 3,
          updated: 3,
          unchanged: 0,
          errorCount: 0,
          errors: [],
        })
        expect(
          report.changes.map((c) => [
            c.row,
            c.registrationId,
            c.fromStatus,
            c.toStatus,
            c.fromStage,
            c.toStage,
          ]),
        ).toEqual([
          [2, 'HS-AAAA-2222', 'submitted', 'selected', PRELIMINARY, PROTOTYPE],
          [3, 'HS-AAAA-3333', 'submitted', 'not_selected', PRELIMINARY, PRELIMINARY],
          [4, 'HS-AAAA-4444', 'registered', 'selected', null, PROTOTYPE],
        ])
        expect(await statusOf('HS-AAAA-2222')).toEqual({ status: 'submitted', stage: PRELIMINARY })
        expect(await count('email_messages')).toBe(0)
      },
    )

    it('applies every row in one go, queues the same email and link as a jury selection, and is idempotent', async () => {
      const res = await upload('applicant-selection', 'selection.xlsx', fixture('selection.xlsx'))
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        dryRun: false,
        updated: 3,
        message: '3 applicants updated.',
      })
      expect(await statusOf('HS-AAAA-2222')).toEqual({ status: 'selected', stage: PROTOTYPE })
      expect(await statusOf('HS-AAAA-3333')).toEqual({ status: 'not_selected', stage: PRELIMINARY })
      expect(await statusOf('HS-AAAA-4444')).toEqual({ status: 'selected', stage: PROTOTYPE })
      const notices = await rowsOf<{ to: string; text: string }>(
        db(),
        sql`select "to", text from email_messages where template = 'selection-notice' order by "to"`,
      )
      expect(notices.map((n) => n.to)).toEqual([
        'student1@college.example',
        'student3@college.example',
      ])
      expect(notices[0]!.text).toMatch(/confirm-participation\?code=/)
      expect(await count('confirmation_codes')).toBe(2)
      const jobs = await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pgboss.job where name = 'email.send'`,
      )
      expect(jobs[0]!.n).toBe(2)

      const again = await upload('applicant-selection', 'selection.csv', fixture('selection.csv'))
      expect(again.json()).toMatchObject({ updated: 0, unchanged: 3 })
      expect(await count('email_messages')).toBe(2)
    })

    it('a file with one bad row among good ones changes nothing and reports that row', async () => {
      const csv = [
        'ApplicantID,RegistrationID,Current Stage,Status,Next Stage',
        ',HS-AAAA-2222,stage1,Selected,stage2',
        ',HS-ZZZZ-9999,stage1,Selected,stage2',
        ',HS-AAAA-3333,stage1,Maybe,',
        ',HS-AAAA-4444,stage9,Selected,',
        ',HS-AAAA-2222,stage1,Not Selected,',
      ].join('\n')
      const res = await upload('applicant-selection', 'decisions.csv', Buffer.from(csv))
      expect(res.statusCode).toBe(422)
      const body = res.json<SelectionUploadReport & { code: string }>()
      expect(body.code).toBe('VALIDATION_ERROR')
      expect(body.message).toBe('4 rows have errors; nothing was changed.')
      expect(body.errors).toEqual([
        { row: 3, message: "Unknown applicant: no applicant has RegistrationID 'HS-ZZZZ-9999'" },
        { row: 4, message: "Status must be 'Selected' or 'Not Selected' (found 'Maybe')" },
        { row: 5, message: "Current Stage: Unknown stage 'stage9'" },
        { row: 6, message: 'Applicant HS-AAAA-2222 is already in row 2' },
      ])
      expect(await statusOf('HS-AAAA-2222')).toEqual({ status: 'submitted', stage: PRELIMINARY })
      expect(await count('email_messages')).toBe(0)
    })

    it('leaves nothing half-applied when the database fails in the middle of applying', async () => {
      // A real failure after the applicants were already updated inside the transaction: the
      // database refuses the notification emails, the last step.
      await db().execute(sql`
        create or replace function refuse_email() returns trigger language plpgsql as
        $$ begin raise exception 'disk full'; end $$`)
      await db().execute(
        sql`create trigger refuse_email before insert on email_messages for each row execute function refuse_email()`,
      )
      try {
        const res = await upload('applicant-selection', 'selection.xlsx', fixture('selection.xlsx'))
        expect(res.statusCode).toBe(500)
        expect(res.json().message).not.toContain('disk full')
      } finally {
        await db().execute(sql`drop trigger refuse_email on email_messages`)
      }
      expect(await statusOf('HS-AAAA-2222')).toEqual({ status: 'submitted', stage: PRELIMINARY })
      expect(await statusOf('HS-AAAA-4444')).toEqual({ status: 'registered', stage: null })
      expect(await count('confirmation_codes')).toBe(0)
      expect(await count('activity')).toBe(0)
    })

    it('never downgrades someone who confirmed, and matches by applicant id too', async () => {
      const [confirmed] = await db()
        .select()
        .from(applicants)
        .where(sql`registration_id = 'HS-AAAA-2222'`)
      const [first] = await db().select().from(rounds).where(eq(rounds.name, PRELIMINARY))
      await placeInRound(db(), confirmed!.id, first!.id, 'advanced', { confirmed: true })
      expect(await statusOf('HS-AAAA-2222')).toMatchObject({ status: 'confirmed' })
      const csv = `ApplicantID,RegistrationID,Status\n${confirmed!.id},,Selected\n`
      const res = await upload('applicant-selection', 'ids.csv', Buffer.from(csv), '?dryRun=true')
      expect(res.json()).toMatchObject({ updated: 0, unchanged: 1, errorCount: 0 })
    })

    it('is for admins only', async () => {
      const res = await upload(
        'applicant-selection',
        'selection.csv',
        fixture('selection.csv'),
        '',
        jury,
      )
      expect(res.statusCode).toBe(403)
    })
  })

  describe('stage-details upload', () => {
    it.each(['stage-details.xlsx', 'stage-details.xls', 'stage-details.csv'])(
      'reads %s and shows the figures before and after',
      async (name) => {
        const res = await upload('stage-details', name, fixture(name), '?dryRun=true')
        expect(res.statusCode).toBe(200)
        const report = res.json<StageDetailsUploadReport>()
        expect(report).toMatchObject({ rows: 2, updated: 2, errorCount: 0 })
        const [first, second] = report.changes
        expect(first).toMatchObject({ row: 2, roundName: PRELIMINARY })
        expect(first!.before.totalParticipants).toBeNull()
        expect(first!.after).toMatchObject({
          totalParticipants: 1200,
          totalColleges: 400,
          ideasSubmitted: 950,
          prototypesApproved: null,
        })
        expect(second).toMatchObject({ row: 3, roundName: PROTOTYPE })
        expect(second!.before.totalColleges).toBe(7)
        expect(second!.after).toMatchObject({
          totalParticipants: 640,
          totalColleges: 210,
          prototypesApproved: 420,
        })
      },
    )

    it('applies the figures, keeping those left blank', async () => {
      const res = await upload('stage-details', 'stage-details.xls', fixture('stage-details.xls'))
      expect(res.json()).toMatchObject({ updated: 2, message: '2 rounds updated.' })
      const stored = await rowsOf<{
        name: string
        p: number | null
        c: number | null
        i: number | null
      }>(
        db(),
        sql`select name, total_participants as p, total_colleges as c, ideas_submitted as i from rounds order by name`,
      )
      expect(stored).toEqual([
        { name: PRELIMINARY, p: 1200, c: 400, i: 950 },
        { name: PROTOTYPE, p: 640, c: 210, i: null },
      ])
    })

    it('reports an unknown stage and a non-numeric count by row and changes nothing', async () => {
      const csv = [
        STAGE_DETAILS_COLUMNS.join(','),
        'stage1,100,,,,,,',
        'Final Showdown,5,,,,,,',
        `${PROTOTYPE},lots,,,,,,`,
        'stage2,-3,,,,,,',
      ].join('\r\n')
      const res = await upload('stage-details', 'figures.csv', Buffer.from(csv))
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual([
        { row: 3, message: "Unknown stage 'Final Showdown'" },
        {
          row: 4,
          message: "Total Participants must be a whole number of 0 or more (found 'lots')",
        },
        { row: 5, message: "Total Participants must be a whole number of 0 or more (found '-3')" },
        { row: 5, message: `Round '${PROTOTYPE}' is already in row 4` },
      ])
      const stored = await rowsOf<{ p: number | null }>(
        db(),
        sql`select total_participants as p from rounds`,
      )
      expect(stored.every((r) => r.p === null)).toBe(true)
    })
  })

  describe('hostile and wrong files', () => {
    it('refuses a zip bomb before unpacking it', async () => {
      // 300 MB of zeros in about 300 kB: over the 100 MB cap by what the archive declares.
      const zeros = await deflatedZeros(300 * 1024 * 1024)
      const bomb = zipOf([
        ...workbookParts(),
        {
          name: 'xl/worksheets/sheet1.xml',
          compressed: zeros,
          crc: 0,
          uncompressedSize: 300 * 1024 * 1024,
        },
      ])
      expect(bomb.length).toBeLessThan(LIMIT_10_MB)
      const res = await upload('applicant-selection', 'bomb.xlsx', bomb)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        'The archive unpacks to more than 100 MB, the most a sheet may take',
      )
    })

    it('refuses a bomb that lies about its size, stopping at the declared size', async () => {
      const zeros = await deflatedZeros(64 * 1024 * 1024)
      const liar = zipOf([
        ...workbookParts(),
        {
          name: 'xl/worksheets/sheet1.xml',
          compressed: zeros,
          crc: crc32(Buffer.alloc(0)),
          uncompressedSize: 1000,
        },
      ])
      const res = await upload('applicant-selection', 'liar.xlsx', liar)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        'An entry of the archive is larger than it declares, or damaged',
      )
    })

    it('refuses an archive of thousands of entries', async () => {
      const many = zipOf([
        ...workbookParts(),
        ...Array.from({ length: 1200 }, (_, i) => entryOf(`xl/media/${i}.xml`, 'x')),
      ])
      const res = await upload('applicant-selection', 'many.xlsx', many)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('The archive lists 1202 entries (at most 1000)')
    })

    it.each([
      [
        'an executable renamed .xlsx',
        'selection.xlsx',
        Buffer.from('7f454c46020101000000000000000000', 'hex'),
      ],
      [
        'a Windows program renamed .xls',
        'selection.xls',
        Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
      ],
      [
        'a binary renamed .csv',
        'selection.csv',
        Buffer.concat([Buffer.from('\x89PNG\r\n'), Buffer.alloc(50)]),
      ],
      ['a workbook named .txt', 'selection.txt', fixture('selection.xlsx')],
      ['an empty file', 'selection.csv', Buffer.alloc(0)],
    ])('refuses %s as an invalid file type', async (_what, name, data) => {
      const res = await upload('applicant-selection', name, data)
      expect(res.statusCode).toBe(415)
      expect(res.json().message).toMatch(/^Invalid File Type/)
    })

    it('answers a file over 10 MB with File Too Large and no file with No File Selected', async () => {
      const big = await upload('stage-details', 'big.csv', Buffer.alloc(LIMIT_10_MB + 1, 'a'))
      expect(big.statusCode).toBe(413)
      expect(big.json().message).toBe('File Too Large: the file must be at most 10 MB.')
      const none = await ctx.app.inject({
        method: 'POST',
        url: '/api/stage-details/upload',
        payload: {},
        headers: { cookie: admin },
      })
      expect(none.statusCode).toBe(400)
      expect(none.json().message).toMatch(/^No File Selected/)
    })

    it('answers rows quoting a long cell with a short report: 500 errors listed, all counted, each quote cut', async () => {
      // 600 rows whose Status is one 30,000-character shared string: a 14 MB answer before.
      const sheet = await sharedLongStatusXlsx(600, 30_000)
      for (const query of ['?dryRun=true', '']) {
        const res = await upload('applicant-selection', 'quotes.xlsx', sheet, query)
        expect(res.statusCode).toBe(query ? 200 : 422)
        expect(res.body.length).toBeLessThan(100_000)
        const report = res.json<SelectionUploadReport>()
        expect(report.errorCount).toBe(600)
        expect(report.errors).toHaveLength(500)
        expect(report.errors[0]).toEqual({
          row: 2,
          message: `Status must be 'Selected' or 'Not Selected' (found '${'x'.repeat(60)}…' (30,000 characters))`,
        })
        expect(report.errors.at(-1)!.row).toBe(501)
      }
      const figures = Buffer.from(
        `Stage Name,Total Colleges\n${PROTOTYPE},${'9'.repeat(20_000)}x\n`,
      )
      const res = await upload('stage-details', 'figures.csv', figures, '?dryRun=true')
      expect(res.json<StageDetailsUploadReport>().errors).toEqual([
        {
          row: 2,
          message: `Total Colleges must be a whole number of 0 or more (found '${'9'.repeat(60)}…' (20,001 characters))`,
        },
      ])
    })

    it('names a damaged workbook and a sheet without the template header', async () => {
      const cut = fixture('selection.xlsx').subarray(0, 2000)
      const damaged = await upload('applicant-selection', 'cut.xlsx', cut)
      expect(damaged.statusCode).toBe(400)
      const wrong = await upload(
        'applicant-selection',
        'wrong.csv',
        Buffer.from('Name,Email\nAda,ada@example.org\n'),
      )
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json().message).toMatch(/missing column: ApplicantID or RegistrationID, Status/)
      const latin1 = await upload(
        'applicant-selection',
        'latin1.csv',
        Buffer.from('RegistrationID,Status\nHS-AAAA-2222,S\xe9lected\n', 'latin1'),
      )
      expect(latin1.statusCode).toBe(400)
      expect(latin1.json().message).toMatch(/not UTF-8/)
    })
  })
})

const LIMIT_10_MB = 10 * 1024 * 1024
