// The .xls fixtures in test/fixtures/xls were made by LibreOffice from the CSV and FODS files next
// to them, by test/fixtures/xls/make-fixtures.sh:
//   soffice -env:UserInstallation=file:///tmp/lo-profile --headless \
//     --infilter="CSV:44,34,76,1,,0,true,false" --convert-to xls --outdir . small.csv large.csv
//   soffice -env:UserInstallation=file:///tmp/lo-profile --headless --convert-to xls --outdir . two-sheets.fods
// The tests read the committed outputs; they do not need LibreOffice. Workbooks with what
// LibreOffice never writes (RK floats, a string changing width across a CONTINUE, encryption,
// damage) are built record by record by support/xls-builder.ts.
import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import type { SheetLimits } from '../src/lib/sheet-grid.js'
import { readXlsRows, XlsError } from '../src/lib/xls.js'
import {
  bof,
  cell,
  compoundFile,
  eof,
  f64,
  rec,
  rkFloat,
  rkInt,
  u16,
  u32,
  u8,
  workbookStream,
  xls,
  xlString,
  type Sheet,
} from './support/xls-builder.js'

const fixture = (name: string) => readFileSync(new URL(`fixtures/xls/${name}`, import.meta.url))
const DAMAGED = 'The .xls file is damaged or not an Excel 97-2003 workbook'

function xlsError(run: () => unknown): XlsError {
  try {
    run()
  } catch (error) {
    if (error instanceof XlsError) return error
    throw new Error(`expected an XlsError, got ${String(error)}`, { cause: error })
  }
  throw new Error('expected an XlsError, got rows')
}

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0
    let t = seed
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// ---- workbooks saved by LibreOffice ----

describe('readXlsRows on workbooks saved by LibreOffice', () => {
  it('reads text of any script, integers, decimals, gaps and date-like text exactly', () => {
    expect(readXlsRows(fixture('small.xls'))).toEqual([
      ['Name', 'Count', 'Score', 'Note', 'Joined', 'Code'],
      ['Zoë Ångström', '34', '3.25', '', '2024-03-01', '007'],
      ['नमस्ते', '-42', '0.1', '🎉 party', '01/02/2024', 'x'],
      ['Smith, "Jo"', '1234567890', '0.5', '12345.678'],
      [],
      ['Ünïcødé ✓', '0', '-2.75', 'last'],
    ])
  })

  // large.xls: 60,000 shared strings in an SST of 119 CONTINUE records; 95 of those boundaries
  // fall inside a string's characters (45 inside the ~330-character ones, 39 in 16-bit strings).
  it('reads 20,000 rows of distinct strings whose shared-string table spans many CONTINUE records', () => {
    const rows = readXlsRows(fixture('large.xls'))
    const source = fixture('large.csv').toString('utf8').trimEnd().split('\n')
    expect(rows).toHaveLength(20_000)
    expect(rows[0]).toEqual(['r00001', 'b-00001', 'c00001'])
    expect(rows[9_999]).toEqual(['r10000', 'b-10000', `${'long-10000 '.repeat(27)}end`])
    expect(rows[19_999]).toEqual(['r20000', 'b-20000', `${'long-20000 '.repeat(27)}end`])
    expect(rows[24]).toEqual(['r00025', 'b-00025', `${'длинн-00025 '.repeat(27)}end`])
    expect(rows[2]).toEqual(['r00003', 'ж-00003', 'c00003'])
    expect(rows.map((r) => r.join(','))).toEqual(source)
  })

  it('reads the first of two sheets, with the cached results of its formulas', () => {
    expect(readXlsRows(fixture('two-sheets.xls'))).toEqual([
      ['Kind', 'Value'],
      ['number formula', '42'],
      ['decimal formula', '0.125'],
      ['text formula', 'Zoë नमस्ते'],
      ['long text formula', 'жé'.repeat(3000)], // a STRING record carried on in a CONTINUE
      ['boolean formula', 'TRUE'],
      ['error formula'],
      ['empty text formula'],
      ['boolean', '0'], // LibreOffice has no boolean cells: it saves a formatted 0
      ['numbers', '-0.5', '0.07', '1e-7', '0.0078125', '-0.00390625', '-536870912', '536870912'],
      ['date', '45352'], // dates are their serial numbers
    ])
  })

  it('refuses a sheet with more rows or cells than the limits', () => {
    expect(readXlsRows(fixture('small.xls'), { maxRows: 6 })).toHaveLength(6)
    expect(xlsError(() => readXlsRows(fixture('small.xls'), { maxRows: 5 })).message).toBe(
      'The sheet has more than 5 rows',
    )
    expect(xlsError(() => readXlsRows(fixture('large.xls'), { maxRows: 1000 })).message).toBe(
      'The sheet has more than 1,000 rows',
    )
    expect(xlsError(() => readXlsRows(fixture('small.xls'), { maxCells: 10 })).message).toBe(
      'The sheet has more than 10 cells',
    )
  })
})

// ---- records LibreOffice does not write ----

describe('readXlsRows on hand-built records', () => {
  it('decodes every RK form, MULRK, NUMBER, LABEL and BOOLERR', () => {
    const rows = readXlsRows(
      xls([
        {
          records: [
            rec(0x027e, cell(0, 0), u32(rkInt(-7))),
            rec(0x027e, cell(0, 1), u32(rkInt(-325, true))),
            rec(0x027e, cell(0, 2), u32(rkFloat(0.5))),
            rec(0x027e, cell(0, 3), u32(rkFloat(1536, true))),
            rec(0x027e, cell(0, 4), u32(rkInt(536_870_911))),
            // MulRk: row, first column, (format, RK) per cell, last column
            rec(
              0x00bd,
              u16(1),
              u16(2),
              u16(15),
              u32(rkInt(1)),
              u16(15),
              u32(rkFloat(-2.5)),
              u16(3),
            ),
            rec(0x0203, cell(2, 0), f64(1e21)),
            rec(0x0203, cell(2, 1), f64(-0)),
            rec(0x0204, cell(2, 2), xlString('Überschrift')),
            rec(0x0204, cell(2, 3), xlString('漢字')),
            rec(0x0205, cell(3, 0), u8(1, 0)),
            rec(0x0205, cell(3, 1), u8(0, 0)),
            rec(0x0205, cell(3, 2), u8(0x07, 1)), // #DIV/0!
            rec(0x0205, cell(3, 3), u8(1, 0)),
            rec(0x0201, cell(4, 9)), // BLANK
            rec(0x00be, u16(5), u16(0), u16(15), u16(15), u16(1)), // MULBLANK
          ],
        },
      ]),
    )
    expect(rows).toEqual([
      ['-7', '-3.25', '0.5', '15.36', '536870911'],
      ['', '', '1', '-2.5'],
      ['1e+21', '0', 'Überschrift', '漢字'],
      ['TRUE', 'FALSE', '', 'TRUE'],
    ])
  })

  it('reads formula results: number, text in a STRING record, boolean, error, empty', () => {
    const formula = (row: number, value: Buffer) =>
      rec(0x0006, cell(row, 1), value, u16(0), u32(0), u16(3), u8(0x1e, 1, 0)) // =1
    const special = (kind: number, byte2 = 0) => u8(kind, 0, byte2, 0, 0, 0, 0xff, 0xff)
    const long = 'ß'.repeat(5000) + 'Ω'.repeat(3000)
    const rows = readXlsRows(
      xls([
        {
          records: [
            formula(0, f64(2.5)),
            formula(1, special(0)),
            rec(0x0207, xlString('ok')),
            formula(2, special(1, 1)),
            formula(3, special(2, 0x2a)),
            formula(4, special(3)),
            formula(5, special(0)),
            // 5000 Latin-1 characters, then the rest in a CONTINUE that restarts 16-bit
            rec(0x0207, u16(long.length), u8(0), Buffer.from(long.slice(0, 5000), 'latin1')),
            rec(0x003c, u8(1), Buffer.from(long.slice(5000), 'utf16le')),
          ],
        },
      ]),
    )
    expect(rows).toEqual([['', '2.5'], ['', 'ok'], ['', 'TRUE'], [], [], ['', long]])
  })

  it('reads shared strings split across CONTINUE records, whatever the width, runs and phonetic data', () => {
    const strings = ['plain', 'Grüße aus Köln', 'कखग and more', 'rich text', 'phonetic']
    // String 1 is split after 'Grüße' and goes on 16-bit; string 2 after 'कखग' and goes on
    // Latin-1; string 3 has two formatting runs and string 4 a phonetic block, both cut by a boundary.
    const sst = rec(
      0x00fc,
      u32(9),
      u32(5),
      xlString('plain'),
      u16(14),
      u8(0),
      Buffer.from('Grüße', 'latin1'),
    )
    const more = rec(
      0x003c,
      u8(1),
      Buffer.from(' aus Köln', 'utf16le'),
      u16(12),
      u8(1),
      Buffer.from('कखग', 'utf16le'),
    )
    const rest = rec(
      0x003c,
      u8(0),
      Buffer.from(' and more', 'latin1'),
      u16(9),
      u8(0x08),
      u16(2),
      Buffer.from('rich text', 'latin1'),
      u32(0x00010000),
    )
    const last = rec(
      0x003c,
      u32(0x00050001),
      u16(8),
      u8(0x04),
      u32(10),
      Buffer.from('phonetic', 'latin1'),
      Buffer.alloc(4),
    )
    const tail = rec(0x003c, Buffer.alloc(6))
    const labels = strings.map((_, i) => rec(0x00fd, cell(i, 0), u32(i)))
    const rows = readXlsRows(xls([{ records: labels }], [sst, more, rest, last, tail]))
    expect(rows).toEqual(strings.map((s) => [s]))
  })

  it('reads the first worksheet: charts are skipped, hidden sheets and embedded charts are not a problem', () => {
    const chart: Sheet = { kind: 2, records: [rec(0x0203, cell(0, 0), f64(99))] }
    const hidden: Sheet = {
      hidden: true,
      records: [
        rec(0x027e, cell(0, 0), u32(rkInt(1))),
        // an embedded chart's substream; its records are not cells of the sheet
        bof(0x0020),
        rec(0x0203, cell(0, 1), f64(99)),
        eof(),
        rec(0x027e, cell(1, 0), u32(rkInt(2))),
      ],
    }
    const other: Sheet = { records: [rec(0x027e, cell(0, 0), u32(rkInt(3)))] }
    expect(readXlsRows(xls([chart, hidden, other]))).toEqual([['1'], ['2']])
  })

  it('refuses encrypted, older and sheetless workbooks with a reason', () => {
    const sheet: Sheet = { records: [rec(0x027e, cell(0, 0), u32(rkInt(1)))] }
    const filePass = rec(0x002f, u16(1), Buffer.alloc(52))
    expect(xlsError(() => readXlsRows(xls([sheet], [filePass]))).message).toBe(
      'Encrypted workbooks are not supported',
    )
    const ooxmlEncrypted = compoundFile({
      EncryptionInfo: Buffer.alloc(200),
      EncryptedPackage: Buffer.alloc(5000),
    }).file
    expect(xlsError(() => readXlsRows(ooxmlEncrypted)).message).toBe(
      'Encrypted workbooks are not supported',
    )
    const biff5 = compoundFile({ Book: workbookStream([sheet], [], 0x0500) }).file
    expect(xlsError(() => readXlsRows(biff5)).message).toBe(
      'Only Excel 97-2003 (.xls) workbooks are supported',
    )
    const biff5InWorkbook = compoundFile({ Workbook: workbookStream([sheet], [], 0x0500) }).file
    expect(xlsError(() => readXlsRows(biff5InWorkbook)).message).toBe(
      'Only Excel 97-2003 (.xls) workbooks are supported',
    )
    expect(xlsError(() => readXlsRows(xls([{ kind: 2, records: [] }]))).message).toBe(
      'The workbook has no worksheet',
    )
    const word = compoundFile({ WordDocument: Buffer.alloc(5000) }).file
    expect(xlsError(() => readXlsRows(word)).message).toBe(DAMAGED)
  })
})

// ---- hostile input ----

describe('readXlsRows on damaged or hostile input', () => {
  const damaged = (data: Buffer, limits?: Partial<SheetLimits>) =>
    expect(xlsError(() => readXlsRows(data, limits)).message).toBe(DAMAGED)

  it('refuses what is not an OLE2 workbook: nothing, random bytes, a zip, a csv', async () => {
    damaged(Buffer.alloc(0))
    const next = random(1)
    for (const size of [1, 7, 511, 512, 4096, 100_000])
      damaged(Buffer.from(Array.from({ length: size }, () => Math.floor(next() * 256))))
    const book = new ExcelJS.Workbook()
    book.addWorksheet('Sheet1').addRow(['a', 1])
    damaged(Buffer.from(await book.xlsx.writeBuffer()))
    damaged(fixture('small.csv'))
    // a real header over random sectors
    const header = fixture('small.xls').subarray(0, 512)
    for (let i = 0; i < 20; i++)
      damaged(
        Buffer.concat([
          header,
          Buffer.from(Array.from({ length: 5632 }, () => Math.floor(next() * 256))),
        ]),
      )
  })

  it('refuses a workbook cut short at any point, or reads it whole when only padding was cut', () => {
    for (const name of ['small.xls', 'two-sheets.xls']) {
      const file = fixture(name)
      const whole = readXlsRows(file)
      for (const cut of [0, 8, 100, 511, 512, 513, 1024, 2000, file.length >> 1, file.length - 513])
        damaged(file.subarray(0, cut))
      for (let cut = 0; cut < file.length; cut += 37) {
        try {
          expect(readXlsRows(file.subarray(0, cut))).toEqual(whole)
        } catch (error) {
          expect(error).toBeInstanceOf(XlsError)
        }
      }
    }
    const large = fixture('large.xls')
    for (const cut of [1000, 600_000, 1_500_000, large.length - 10_000])
      damaged(large.subarray(0, cut))
  })

  it('answers rows or an XlsError, never another error, for randomly corrupted real workbooks', () => {
    const next = random(2)
    for (const name of ['small.xls', 'two-sheets.xls']) {
      const original = fixture(name)
      for (let i = 0; i < 400; i++) {
        const file = Buffer.from(original)
        for (let flips = 1 + Math.floor(next() * 4); flips > 0; flips--)
          file[Math.floor(next() * file.length)] = Math.floor(next() * 256)
        try {
          expect(Array.isArray(readXlsRows(file))).toBe(true)
        } catch (error) {
          expect(error).toBeInstanceOf(XlsError)
        }
      }
    }
  })

  it('refuses lying counts and links at once, without looping or allocating what they claim', () => {
    const sheet: Sheet = { records: [rec(0x00fd, cell(0, 0), u32(0))] }
    // an SST that claims 10^9 strings and holds one
    damaged(xls([sheet], [rec(0x00fc, u32(1e9), u32(1e9), xlString('only one'))]))
    // a string longer than its record and CONTINUEs, and phonetic data of 4 GB
    damaged(xls([sheet], [rec(0x00fc, u32(1), u32(1), u16(60_000), u8(0), Buffer.from('abc'))]))
    damaged(xls([sheet], [rec(0x00fc, u32(1), u32(1), u16(1), u8(4), u32(0xffffffff), u8(65))]))
    // a shared-string index past the table, a column past IV, a record longer than the stream
    damaged(xls([sheet], [rec(0x00fc, u32(0), u32(0))]))
    damaged(xls([{ records: [rec(0x027e, cell(0, 256), u32(rkInt(1)))] }]))
    damaged(xls([{ records: [Buffer.concat([u16(0x0203), u16(60_000)])] }]))
    // a sheet without its EOF, a MULRK whose cells run past column IV, a sheet past the stream
    const noEof = workbookStream([sheet], [rec(0x00fc, u32(1), u32(1), xlString('x'))])
    damaged(compoundFile({ Workbook: noEof.subarray(0, noEof.length - 4) }).file)
    const rk = (n: number) => Buffer.concat([u16(15), u32(rkInt(n))])
    // (all 256 columns read here, so the damage is found before the 64-column ceiling)
    damaged(xls([{ records: [rec(0x00bd, u16(0), u16(255), rk(1), rk(2), u16(256))] }]), {
      maxColumns: 256,
    })
    const farSheet = rec(0x0085, u32(1e6), u8(0, 0), u8(1, 0), Buffer.from('S'))
    damaged(compoundFile({ Workbook: workbookStream([], [farSheet]) }).file)

    const stream = workbookStream([sheet], [rec(0x00fc, u32(1), u32(1), xlString('x'))])
    const { file, fatAt, dirAt, starts } = compoundFile({ Workbook: stream, Other: u8(1) })
    expect(readXlsRows(file)).toEqual([['x']])
    const corrupt = (change: (copy: Buffer) => void) => {
      const copy = Buffer.from(file)
      change(copy)
      return copy
    }
    const workbookSector = starts[0]!
    // the Workbook stream's first sector links to itself
    damaged(corrupt((f) => f.writeUInt32LE(workbookSector, fatAt + 4 * workbookSector)))
    // the directory's siblings link to each other (this makes cfb 1.2.2 run out of memory)
    damaged(
      corrupt((f) => {
        f.writeUInt32LE(1, 68 + dirAt + 2 * 128)
        f.writeUInt32LE(2, 68 + dirAt + 128)
        f.writeUInt32LE(2, 72 + dirAt + 128)
        f.fill(0, dirAt + 128, dirAt + 128 + 64) // and the workbook is not named
      }),
    )
    expect(readXlsRows(corrupt((f) => f.writeUInt32LE(1, 68 + dirAt + 2 * 128)))).toEqual([['x']])
    // a stream size past the file, a FAT of 2^32 - 2 sectors, a directory chain starting nowhere
    damaged(corrupt((f) => f.writeUInt32LE(0x7fffffff, dirAt + 128 + 120)))
    damaged(corrupt((f) => f.writeUInt32LE(0xfffffffe, 44)))
    damaged(corrupt((f) => f.writeUInt32LE(0x00ffffff, 48)))
  })
})
