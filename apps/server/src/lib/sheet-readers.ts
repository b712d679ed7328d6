/**
 * The three readers of an uploaded sheet, run inside the spreadsheet worker (spreadsheet.ts): each
 * streams its format into a SheetGrid, which refuses the file at the first cell past a ceiling.
 */
import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import type { UPLOAD_EXTENSIONS } from '@hackathon/contract'
import { SheetGrid, SpreadsheetRefused, type SheetLimits } from './sheet-grid.js'
import { readXlsRows, XlsError } from './xls.js'
import { readXlsxRows } from './xlsx.js'

export type SheetKind = (typeof UPLOAD_EXTENSIONS)[number]

/** The csv text goes to the parser in slices, so a refusal stops the parse where it is. */
const CSV_SLICE = 64 * 1024
/**
 * Fields of one csv row: Excel's columns A to XFD, so no spreadsheet writes more. csv-parse keeps
 * every field of a row, empty or not, until the row ends: without this bound a 10 MB row of
 * commas is a 10-million-element array.
 */
const CSV_MAX_FIELDS = 16_384

async function readCsv(data: Buffer, limits: SheetLimits): Promise<string[][]> {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    throw new SpreadsheetRefused(
      400,
      'The CSV file is not UTF-8 text. Save it as "CSV UTF-8" (Excel) or with the UTF-8 character set (LibreOffice).',
    )
  }
  // csv-parse holds a field and its record whole until they end: a record may hold at most a
  // full row of the longest cells, so a 9 MB field is stopped at 2 MB, not read to its end.
  const maxRecordChars = limits.maxColumns * limits.maxCellChars
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    delimiter: [',', ';'],
    max_record_size: maxRecordChars,
    cast: (value, { index, records }) => {
      if (index >= CSV_MAX_FIELDS)
        throw new SpreadsheetRefused(
          400,
          `Row ${records + 1} of the CSV file has more than ${CSV_MAX_FIELDS.toLocaleString('en')} fields, more than a spreadsheet has columns`,
        )
      return value
    },
  })
  async function* slices() {
    for (let at = 0; at < text.length; at += CSV_SLICE) yield text.slice(at, at + CSV_SLICE)
  }
  const grid = new SheetGrid(limits)
  let row = 0
  try {
    for await (const record of Readable.from(slices()).pipe(parser) as AsyncIterable<string[]>) {
      for (let column = 0; column < record.length; column++) grid.set(row, column, record[column]!)
      row++
    }
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw error
    const { code, lines } = error as { code?: string; lines?: number }
    if (code === 'CSV_MAX_RECORD_SIZE')
      throw new SpreadsheetRefused(
        400,
        `Row ${lines ?? row + 1} of the CSV file holds more than ${maxRecordChars.toLocaleString('en')} characters; a cell holds at most ${limits.maxCellChars.toLocaleString('en')}`,
      )
    // csv-parse quotes the field it stopped in: a short prefix of it is enough.
    const reason = (error as Error).message
    throw new SpreadsheetRefused(
      400,
      `The CSV file cannot be read${lines ? ` (near line ${lines})` : ''}: ${reason.length > 200 ? `${reason.slice(0, 200)}…` : reason}`,
    )
  } finally {
    parser.destroy()
  }
  return grid.result()
}

function readXls(data: Buffer, limits: SheetLimits): string[][] {
  try {
    return readXlsRows(data, limits)
  } catch (error) {
    if (error instanceof XlsError) throw new SpreadsheetRefused(400, error.message)
    throw error
  }
}

/**
 * The first worksheet's cells as text, row by row (index 0 is the sheet's row 1), within the
 * limits. Throws SpreadsheetRefused with a readable reason.
 */
export async function parseSheet(
  kind: SheetKind,
  data: Buffer,
  limits: SheetLimits,
): Promise<string[][]> {
  if (kind === 'xlsx') return readXlsxRows(data, limits)
  if (kind === 'xls') return readXls(data, limits)
  return readCsv(data, limits)
}
