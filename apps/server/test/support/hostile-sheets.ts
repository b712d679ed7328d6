/**
 * Spreadsheets built to hurt a reader (issue 20, item 5): small on the wire, huge once inflated,
 * parsed or quoted. Each is generated here, so no large fixture is committed; the xlsx parts are
 * deflated as a stream, so hundreds of megabytes of XML never sit in the test's memory.
 */
import { crc32, createDeflateRaw } from 'node:zlib'
import { columnName } from '../../src/lib/sheet-grid.js'
import { cell, compoundFile, rec, u16, u32, u8, workbookStream, xlString } from './xls-builder.js'
import { entryOf, zipOf, type ZipEntry } from './zip.js'

/** A zip entry of `head`, then `count` copies of `unit`, then `tail`, deflated as it is made. */
export async function repeatedEntry(
  name: string,
  {
    head = '',
    unit,
    count,
    tail = '',
  }: { head?: string; unit: string | ((i: number) => string); count: number; tail?: string },
): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 6 })
  const chunks: Buffer[] = []
  deflate.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve)
    deflate.on('error', reject)
  })
  let crc = 0
  let size = 0
  const write = async (data: Buffer) => {
    crc = crc32(data, crc)
    size += data.length
    if (!deflate.write(data)) await new Promise((r) => deflate.once('drain', r))
  }
  await write(Buffer.from(head))
  if (typeof unit === 'string') {
    const perChunk = Math.max(1, Math.floor((1024 * 1024) / Math.max(1, unit.length)))
    const chunk = Buffer.from(unit.repeat(perChunk))
    for (let left = count; left > 0; left -= perChunk)
      await write(left >= perChunk ? chunk : Buffer.from(unit.repeat(left)))
  } else {
    let pending = ''
    for (let i = 0; i < count; i++) {
      pending += unit(i)
      if (pending.length < 1024 * 1024) continue
      await write(Buffer.from(pending))
      pending = ''
    }
    await write(Buffer.from(pending))
  }
  await write(Buffer.from(tail))
  deflate.end()
  await done
  return { name, compressed: Buffer.concat(chunks), crc, uncompressedSize: size }
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** An inline-string cell, as some generators write text (no shared-string table). */
export const inlineCell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
const SHEET_TAIL = '</sheetData></worksheet>'

/**
 * A whole xlsx around a worksheet (its XML given as an entry, perhaps huge) and, when given, a
 * shared-string table: the parts Excel and exceljs need to open it.
 */
export function xlsxOf(sheet: ZipEntry, sharedStrings?: string[]): Buffer {
  const sst = sharedStrings
    ? [
        entryOf(
          'xl/sharedStrings.xml',
          '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
            `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">` +
            sharedStrings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join('') +
            '</sst>',
        ),
      ]
    : []
  const types =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    (sharedStrings
      ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
      : '') +
    '</Types>'
  const rels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
    '</Relationships>'
  const workbook =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'
  const workbookRels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
    (sharedStrings
      ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
      : '') +
    '</Relationships>'
  return zipOf([
    entryOf('[Content_Types].xml', types),
    entryOf('_rels/.rels', rels),
    entryOf('xl/workbook.xml', workbook),
    entryOf('xl/_rels/workbook.xml.rels', workbookRels),
    sheet,
    ...sst,
  ])
}

/** The selection template's header row, as the first row of a generated sheet. */
const HEADER_ROW = `<row r="1">${inlineCell('A1', 'RegistrationID')}${inlineCell('B1', 'Status')}</row>`

/**
 * An xlsx whose sheet holds `rows` rows of `perRow` cells, each at its own address: numbers
 * (`<c r="BH12345"><v>1</v></c>`; 2 million cells are 60 MB of XML in a 5 MB file), or all the
 * one shared string `text` when given.
 */
export async function manyCellsXlsx(rows: number, perRow: number, text?: string): Promise<Buffer> {
  const letters = Array.from({ length: perRow }, (_, i) => columnName(i))
  const type = text === undefined ? '' : ' t="s"'
  const value = text === undefined ? '1' : '0'
  const sheet = await repeatedEntry('xl/worksheets/sheet1.xml', {
    head: SHEET_HEAD + HEADER_ROW,
    unit: (i) =>
      `<row r="${i + 2}">${letters.map((c) => `<c r="${c}${i + 2}"${type}><v>${value}</v></c>`).join('')}</row>`,
    count: rows,
    tail: SHEET_TAIL,
  })
  return xlsxOf(sheet, text === undefined ? undefined : [text])
}

/**
 * An xlsx of one row written `rows` times over with `perRow` cells (`<c r="A2"><v>1</v></c>`,
 * 22 bytes each, the same cell over and over): 11 million cells are 240 MB of XML in a file of
 * 800 kB, the zip bomb of the issue that took a reader holding the whole workbook past 4.7 GB.
 */
export async function repeatedRowXlsx(rows: number, perRow: number): Promise<Buffer> {
  const sheet = await repeatedEntry('xl/worksheets/sheet1.xml', {
    head: SHEET_HEAD + HEADER_ROW,
    unit: `<row r="2">${'<c r="A2"><v>1</v></c>'.repeat(perRow)}</row>`,
    count: rows,
    tail: SHEET_TAIL,
  })
  return xlsxOf(sheet)
}

/** An xlsx whose second row's Status cell is one inline string of `chars` characters. */
export async function hugeCellXlsx(chars: number): Promise<Buffer> {
  const sheet = await repeatedEntry('xl/worksheets/sheet1.xml', {
    head: `${SHEET_HEAD}${HEADER_ROW}<row r="2">${inlineCell('A2', 'HS-AAAA-2222')}<c r="B2" t="inlineStr"><is><t>`,
    unit: 'a',
    count: chars,
    tail: `</t></is></c></row>${SHEET_TAIL}`,
  })
  return xlsxOf(sheet)
}

/**
 * An xlsx of `rows` data rows whose Status cells all name one shared string of `chars`
 * characters: a few kilobytes that quote that string once per row in a report of row errors.
 */
export async function sharedLongStatusXlsx(rows: number, chars: number): Promise<Buffer> {
  const sheet = await repeatedEntry('xl/worksheets/sheet1.xml', {
    head: SHEET_HEAD + HEADER_ROW,
    unit: (i) =>
      `<row r="${i + 2}">${inlineCell(`A${i + 2}`, 'HS-AAAA-2222')}<c r="B${i + 2}" t="s"><v>0</v></c></row>`,
    count: rows,
    tail: SHEET_TAIL,
  })
  return xlsxOf(sheet, ['x'.repeat(chars)])
}

/** A csv of the selection header and `rows` rows of `perRow` one-letter cells. */
export function manyCellsCsv(rows: number, perRow: number): Buffer {
  const row = `${Array.from({ length: perRow }, () => 'a').join(',')}\n`
  return Buffer.from(`RegistrationID,Status\n${row.repeat(rows)}`)
}

/** A csv whose second row's Status cell holds `chars` characters. */
export function hugeCellCsv(chars: number): Buffer {
  return Buffer.from(`RegistrationID,Status\nHS-AAAA-2222,${'x'.repeat(chars)}\n`)
}

/**
 * A legacy .xls of `rows` data rows whose Status cells all point at one shared string of `chars`
 * Latin-1 characters (carried on in CONTINUE records, as Excel writes long strings). BIFF8 has
 * 65,536 rows.
 */
export function sharedLongStatusXls(rows: number, chars: number): Buffer {
  if (rows > 65_535) throw new Error('an .xls sheet has at most 65,536 rows')
  const long = 'x'.repeat(chars)
  const first = 8000
  const continues: Buffer[] = []
  for (let at = first; at < chars; at += 8000)
    continues.push(rec(0x003c, u8(0), Buffer.from(long.slice(at, at + 8000), 'latin1')))
  const sst = rec(
    0x00fc,
    u32(2 + 2 * rows),
    u32(4),
    xlString('RegistrationID'),
    xlString('Status'),
    xlString('HS-AAAA-2222'),
    u16(chars),
    u8(0),
    Buffer.from(long.slice(0, first), 'latin1'),
  )
  const label = (row: number, col: number, index: number) => rec(0x00fd, cell(row, col), u32(index))
  const records = [label(0, 0, 0), label(0, 1, 1)]
  for (let row = 1; row <= rows; row++) records.push(label(row, 0, 2), label(row, 1, 3))
  return compoundFile({ Workbook: workbookStream([{ records }], [sst, ...continues]) }).file
}

/** The same cells as a csv, an xlsx of inline strings and an xls of LABEL records. */
export function sheetOf(kind: 'csv' | 'xlsx' | 'xls', rows: string[][]): Buffer {
  if (kind === 'csv') return Buffer.from(rows.map((r) => r.join(',')).join('\r\n'))
  if (kind === 'xlsx') {
    const xml = rows
      .map(
        (cells, r) =>
          `<row r="${r + 1}">${cells.map((text, c) => (text ? inlineCell(`${columnName(c)}${r + 1}`, text) : '')).join('')}</row>`,
      )
      .join('')
    return xlsxOf(entryOf('xl/worksheets/sheet1.xml', SHEET_HEAD + xml + SHEET_TAIL))
  }
  const records = rows.flatMap((cells, r) =>
    cells.flatMap((text, c) => (text ? [rec(0x0204, cell(r, c), xlString(text))] : [])),
  )
  return compoundFile({ Workbook: workbookStream([{ records }]) }).file
}
