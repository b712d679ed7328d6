import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { UPLOAD_EXTENSIONS } from '@hackathon/contract'
import { readXlsRows, XlsError } from './xls.js'
import { assertSafeZip, ZipRefused } from './zip-guard.js'

export type SheetKind = (typeof UPLOAD_EXTENSIONS)[number]

/** A file we will not read, with a sentence for the organizer and the HTTP status to answer. */
export class SpreadsheetRefused extends Error {
  override name = 'SpreadsheetRefused'
  constructor(
    readonly statusCode: 400 | 415,
    message: string,
  ) {
    super(message)
  }
}

export const SHEET_LIMITS = {
  /** A 10 MB xlsx of 100,000 rows inflates to about 40 MB; anything past 256 MB is a bomb. */
  maxUncompressedBytes: 256 * 1024 * 1024,
  maxEntries: 1000,
  /** Rows of a sheet, the header included. */
  maxRows: 200_000,
  maxColumns: 64,
} as const

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b)
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

/**
 * The kind of sheet, when the name's extension is one we take and the content agrees with it: an
 * xlsx is a zip holding a workbook part, an xls an OLE2 compound file, a csv text without NUL
 * bytes. A renamed executable or image is none of these.
 */
export function sheetKind(filename: string, data: Buffer): SheetKind | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase()
  const kind = UPLOAD_EXTENSIONS.find((k) => k === extension)
  if (!kind || data.length === 0) return undefined
  if (kind === 'xlsx')
    return startsWith(data, ZIP) && data.includes('xl/workbook') ? kind : undefined
  if (kind === 'xls') return startsWith(data, OLE2) ? kind : undefined
  return data.subarray(0, 64 * 1024).includes(0) ? undefined : kind
}

/** Cell text the way a person sees it: numbers without a trailing .0, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).toUpperCase()
  if (value instanceof Date) return value.toISOString()
  if ('richText' in value) return value.richText.map((run) => run.text).join('')
  if ('result' in value)
    return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue)
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text)
  return '' // error values such as #N/A
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  try {
    await assertSafeZip(data, SHEET_LIMITS)
  } catch (error) {
    if (error instanceof ZipRefused) throw new SpreadsheetRefused(400, error.message)
    throw error
  }
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer)
  } catch {
    throw new SpreadsheetRefused(400, 'The .xlsx file is damaged or not an Excel workbook')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new SpreadsheetRefused(400, 'The workbook has no worksheet')
  if (sheet.rowCount > SHEET_LIMITS.maxRows) throw tooManyRows()
  const rows: string[][] = []
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (column <= SHEET_LIMITS.maxColumns) cells[column - 1] = cellText(cell.value)
    })
    rows[rowNumber - 1] = Array.from(cells, (c) => c ?? '')
  })
  return Array.from(rows, (r) => r ?? [])
}

function readCsv(data: Buffer): string[][] {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    throw new SpreadsheetRefused(
      400,
      'The CSV file is not UTF-8 text. Save it as "CSV UTF-8" (Excel) or with the UTF-8 character set (LibreOffice).',
    )
  }
  try {
    const rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      delimiter: [',', ';'],
      to: SHEET_LIMITS.maxRows + 1,
    }) as string[][]
    if (rows.length > SHEET_LIMITS.maxRows) throw tooManyRows()
    return rows.map((r) => r.slice(0, SHEET_LIMITS.maxColumns))
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw error
    const where = (error as { lines?: number }).lines
    throw new SpreadsheetRefused(
      400,
      `The CSV file cannot be read${where ? ` (near line ${where})` : ''}: ${(error as Error).message}`,
    )
  }
}

function readXls(data: Buffer): string[][] {
  try {
    return readXlsRows(data, { maxRows: SHEET_LIMITS.maxRows }).map((r) =>
      r.slice(0, SHEET_LIMITS.maxColumns),
    )
  } catch (error) {
    if (error instanceof XlsError) throw new SpreadsheetRefused(400, error.message)
    throw error
  }
}

const tooManyRows = () =>
  new SpreadsheetRefused(
    400,
    `The sheet has more than ${SHEET_LIMITS.maxRows.toLocaleString('en')} rows`,
  )

/**
 * The first worksheet's cells as text, row by row (index 0 is the sheet's row 1), from an xlsx,
 * xls or csv file checked by name and content. Throws SpreadsheetRefused with a readable reason.
 */
export async function readSheet(filename: string, data: Buffer): Promise<string[][]> {
  const kind = sheetKind(filename, data)
  if (!kind)
    throw new SpreadsheetRefused(
      415,
      'Invalid File Type: the file must be an Excel (.xlsx, .xls) or CSV (.csv) file, and its content must match its name',
    )
  if (kind === 'xlsx') return readXlsx(data)
  if (kind === 'xls') return readXls(data)
  return readCsv(data)
}
