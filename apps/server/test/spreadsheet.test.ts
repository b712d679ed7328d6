/**
 * Issue 20, item 5: every uploaded sheet is read in a worker thread, streamed into a grid that
 * refuses it at the first cell past a ceiling, the same ceilings for csv, xlsx and xls
 * (docs/decisions/020-bounded-spreadsheets.md). The real server under hostile files, with its
 * memory and its other requests measured, is hostile-sheets.pglite.test.ts.
 */
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { SHEET_LIMITS, type SheetLimits } from '../src/lib/sheet-grid.js'
import { readSheet, SHEET_WORKER, SpreadsheetRefused } from '../src/lib/spreadsheet.js'
import {
  hugeCellCsv,
  hugeCellXlsx,
  repeatedEntry,
  sharedLongStatusXls,
  sharedLongStatusXlsx,
  sheetOf,
  xlsxOf,
} from './support/hostile-sheets.js'
import { entryOf } from './support/zip.js'

async function refusal(read: Promise<unknown>): Promise<SpreadsheetRefused> {
  try {
    await read
  } catch (error) {
    if (error instanceof SpreadsheetRefused) return error
    throw new Error(`expected a SpreadsheetRefused, got ${String(error)}`, { cause: error })
  }
  throw new Error('expected a SpreadsheetRefused, got rows')
}

const small = (limits: Partial<SheetLimits>) => ({ limits: { ...SHEET_LIMITS, ...limits } })
const GRID = [
  ['RegistrationID', 'Status'],
  ['HS-AAAA-2222', 'Selected'],
  ['HS-AAAA-3333', 'Not Selected'],
]

describe('the same ceilings for every kind of sheet', () => {
  describe.each(['csv', 'xlsx', 'xls'] as const)('%s', (kind) => {
    const read = (rows: string[][], limits: Partial<SheetLimits> = {}) =>
      readSheet(`sheet.${kind}`, sheetOf(kind, rows), small(limits))

    it('reads a sheet within the ceilings cell for cell', async () => {
      expect(await read(GRID)).toEqual(GRID)
      expect(await read([['a', '', 'c'], [], ['', 'b']])).toEqual([['a', '', 'c'], [], ['', 'b']])
    })

    it('refuses more rows than the ceiling, naming it', async () => {
      expect((await refusal(read(GRID, { maxRows: 2 }))).message).toBe(
        'The sheet has more than 2 rows',
      )
    })

    it('refuses a value past the last column, naming the cell and the columns read', async () => {
      const error = await refusal(read([['a', 'b', 'c']], { maxColumns: 2 }))
      expect(error.statusCode).toBe(400)
      expect(error.message).toBe(
        'The sheet has more than 2 columns (a value in C1); columns A to B are read',
      )
    })

    it('refuses more cells than the ceiling, counting each row up to its last value', async () => {
      expect(await read([['', '', 'x']], { maxCells: 3 })).toEqual([['', '', 'x']])
      expect((await refusal(read(GRID, { maxCells: 5 }))).message).toBe(
        'The sheet has more than 5 cells',
      )
    })

    it('refuses a cell longer than a cell may be, naming the cell', async () => {
      expect((await refusal(read(GRID, { maxCellChars: 10 }))).message).toBe(
        'Cell A1 holds more than 10 characters, the most a cell may hold',
      )
    })

    it('refuses more text in all than the ceiling', async () => {
      expect((await refusal(read(GRID, { maxTextChars: 40 }))).message).toBe(
        "The sheet's cells hold more than 40 characters in all",
      )
    })
  })

  it('counts a shared string once per cell that shows it, in xlsx and xls alike', async () => {
    // 65,000 rows of one 30,000-character string: 2 GB of text from a 2 MB xls or a 500 kB xlsx
    const limit = "The sheet's cells hold more than 30,000,000 characters in all"
    expect((await refusal(readSheet('a.xls', sharedLongStatusXls(65_000, 30_000)))).message).toBe(
      limit,
    )
    const xlsx = await sharedLongStatusXlsx(65_000, 30_000)
    expect((await refusal(readSheet('a.xlsx', xlsx))).message).toBe(limit)
  })
})

describe('xlsx, streamed', () => {
  it('refuses an archive whose parts declare more than 100 MB, before inflating any', async () => {
    const bomb = xlsxOf(
      await repeatedEntry('xl/worksheets/sheet1.xml', { unit: ' ', count: 101 * 1024 * 1024 }),
    )
    expect((await refusal(readSheet('bomb.xlsx', bomb))).message).toBe(
      'The archive unpacks to more than 100 MB, the most a sheet may take',
    )
  })

  it('stops a cell of 60 MB at a megabyte, naming the cell', async () => {
    expect((await refusal(readSheet('huge.xlsx', await hugeCellXlsx(60_000_000)))).message).toBe(
      'Cell B2 holds more than 32,767 characters, the most a cell may hold',
    )
  })

  it('refuses a shared string longer than a cell may be', async () => {
    expect(
      (await refusal(readSheet('long.xlsx', await sharedLongStatusXlsx(3, 40_000)))).message,
    ).toBe(
      'Shared string 1 of the workbook holds more than 32,767 characters, the most a cell may hold',
    )
  })

  it('reads what spreadsheet programs write: shared and inline strings, rich text, numbers, booleans, formula results', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('First')
    sheet.addRow(['text', 42, 1.5, true, false])
    sheet.addRow([
      { richText: [{ text: 'rich ' }, { font: { bold: true }, text: 'text' }] },
      { formula: 'B1*2', result: 84 },
      { formula: 'A1&"!"', result: 'text!' },
      { error: '#N/A' },
      'ünïcödé ✓',
    ])
    workbook.addWorksheet('Second').addRow(['not read'])
    const written = Buffer.from(await workbook.xlsx.writeBuffer())
    expect(await readSheet('excel.xlsx', written)).toEqual([
      ['text', '42', '1.5', 'TRUE', 'FALSE'],
      ['rich text', '84', 'text!', '', 'ünïcödé ✓'],
    ])

    // Prefixed names, inline strings, phonetic runs, and cells and rows without addresses.
    const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    const handMade = xlsxOf(
      entryOf(
        'xl/worksheets/sheet1.xml',
        `<x:worksheet ${ns}><x:sheetData>` +
          '<x:row><x:c t="inlineStr"><x:is><x:t>a &amp; b</x:t></x:is></x:c><x:c><x:v>7</x:v></x:c></x:row>' +
          '<x:row r="3"><x:c r="C3" t="s"><x:v>0</x:v></x:c><x:c t="str"><x:f>X</x:f><x:v>y</x:v></x:c></x:row>' +
          '</x:sheetData></x:worksheet>',
      ),
      ['漢字'],
    )
    expect(await readSheet('hand.xlsx', handMade)).toEqual([
      ['a & b', '7'],
      [],
      ['', '', '漢字', 'y'],
    ])
  })

  it('refuses damaged XML and a shared-string index past the table', async () => {
    const sheet = (xml: string) =>
      xlsxOf(
        entryOf('xl/worksheets/sheet1.xml', `<worksheet><sheetData>${xml}</sheetData></worksheet>`),
      )
    const damaged = 'The .xlsx file is damaged or not an Excel workbook'
    expect((await refusal(readSheet('a.xlsx', sheet('<row><c>')))).message).toBe(damaged)
    expect(
      (await refusal(readSheet('a.xlsx', sheet('<row><c t="s"><v>3</v></c></row>')))).message,
    ).toBe(damaged)
  })
})

describe('csv, streamed', () => {
  it('refuses a row of more fields than any spreadsheet has columns, empty or not', async () => {
    const commas = Buffer.from(`RegistrationID,Status\n${','.repeat(10_000_000)}`)
    expect((await refusal(readSheet('commas.csv', commas))).message).toBe(
      'Row 2 of the CSV file has more than 16,384 fields, more than a spreadsheet has columns',
    )
  })

  it('stops a 9 MB cell at a row of 64 longest cells', async () => {
    expect((await refusal(readSheet('huge.csv', hugeCellCsv(9_000_000)))).message).toBe(
      'Row 2 of the CSV file holds more than 2,097,088 characters; a cell holds at most 32,767',
    )
  })

  it('quotes at most a short piece of the field it could not read', async () => {
    const message = (
      await refusal(readSheet('q.csv', Buffer.from(`a,b\nx,y"${'z'.repeat(50_000)}`)))
    ).message
    expect(message).toMatch(/^The CSV file cannot be read \(near line 2\): /)
    expect(message.length).toBeLessThan(300)
  })
})

describe('the worker', () => {
  const csv = Buffer.from(`a,b\n${'abc,abc\n'.repeat(100_000)}`)

  it('is ended at its deadline, and the organizer told', async () => {
    const error = await refusal(
      readSheet('slow.csv', csv, { worker: { ...SHEET_WORKER, timeoutMs: 50 } }),
    )
    expect(error.message).toBe(
      'The sheet could not be read within 0.05 seconds; split it into smaller files',
    )
  })

  it('is ended when it outgrows its heap, and the organizer told', async () => {
    const error = await refusal(
      readSheet('big.csv', csv, { worker: { ...SHEET_WORKER, maxOldGenerationSizeMb: 8 } }),
    )
    expect(error.message).toBe(
      'The sheet needs more than the 8 MB of memory one upload may use; split it into smaller files',
    )
  })

  it('reads sheets a few at a time, each of them in the end', async () => {
    const one = { worker: { ...SHEET_WORKER, concurrent: 1 } }
    const reads = await Promise.all(
      ['a.csv', 'b.csv', 'c.csv'].map((name) => readSheet(name, sheetOf('csv', GRID), one)),
    )
    expect(reads).toEqual([GRID, GRID, GRID])
  })

  it('refuses a file whose content is no sheet before starting a worker', async () => {
    const error = await refusal(readSheet('a.xlsx', Buffer.from('not a zip')))
    expect(error.statusCode).toBe(415)
  })
})
