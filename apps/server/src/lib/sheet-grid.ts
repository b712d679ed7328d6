/**
 * The ceilings every uploaded sheet is read under, whatever its format, and the grid that
 * enforces them cell by cell while a reader streams the file (docs/decisions/020-bounded-spreadsheets.md).
 */

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
  /**
   * Bytes all parts of an xlsx may hold once inflated. A 10 MB xlsx of 100,000 rows inflates to
   * about 40 MB, and 2,000,000 cells with their addresses and styles to about 70 MB.
   */
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxEntries: 1000,
  /** Rows of a sheet, the header included. */
  maxRows: 200_000,
  maxColumns: 64,
  /** Cells as handed on: each row counts up to its last non-empty cell. */
  maxCells: 2_000_000,
  /** Excel's own limit for the text of one cell. */
  maxCellChars: 32_767,
  /**
   * Characters in all cells together. A cell may repeat a shared string (xlsx, xls) thousands of
   * times in a few bytes each, so this, not the file's size, bounds the text handed on.
   */
  maxTextChars: 30_000_000,
} as const

export type SheetLimits = { [K in keyof typeof SHEET_LIMITS]: number }

const count = (n: number) => n.toLocaleString('en')

/** The column letters of a 0-based column index: 0 is A, 26 is AA. */
export const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') +
  String.fromCharCode(65 + (index % 26))

export const tooManyRows = (limits: SheetLimits) =>
  new SpreadsheetRefused(400, `The sheet has more than ${count(limits.maxRows)} rows`)

export const tooLongCell = (limits: SheetLimits, where: string) =>
  new SpreadsheetRefused(
    400,
    `${where} holds more than ${count(limits.maxCellChars)} characters, the most a cell may hold`,
  )

export const tooMuchText = (limits: SheetLimits) =>
  new SpreadsheetRefused(
    400,
    `The sheet's cells hold more than ${count(limits.maxTextChars)} characters in all`,
  )

/**
 * The cells of one sheet, set in any order by a reader as it streams the file; every ceiling is
 * checked as each cell arrives, so reading stops at the first cell past one.
 */
export class SheetGrid {
  private readonly rows: string[][] = []
  private cells = 0
  private chars = 0

  constructor(readonly limits: SheetLimits = SHEET_LIMITS) {}

  /** Records the text of the cell at 0-based `row` and `column`; empty text is no cell. */
  set(row: number, column: number, text: string): void {
    if (text === '') return
    const { limits } = this
    if (row >= limits.maxRows) throw tooManyRows(limits)
    if (column >= limits.maxColumns)
      throw new SpreadsheetRefused(
        400,
        `The sheet has more than ${limits.maxColumns} columns (a value in ${columnName(column)}${row + 1}); columns A to ${columnName(limits.maxColumns - 1)} are read`,
      )
    if (text.length > limits.maxCellChars)
      throw tooLongCell(limits, `Cell ${columnName(column)}${row + 1}`)
    const cells = (this.rows[row] ??= [])
    this.cells += Math.max(0, column + 1 - cells.length)
    if (this.cells > limits.maxCells)
      throw new SpreadsheetRefused(400, `The sheet has more than ${count(limits.maxCells)} cells`)
    this.chars += text.length - (cells[column]?.length ?? 0)
    if (this.chars > limits.maxTextChars) throw tooMuchText(limits)
    cells[column] = text
  }

  /** Rows in order (index 0 is the sheet's row 1), each up to its last cell, gaps as ''. */
  result(): string[][] {
    const rows = this.rows
    for (let r = 0; r < rows.length; r++) {
      const cells = (rows[r] ??= [])
      for (let c = 0; c < cells.length; c++) cells[c] ??= ''
    }
    return rows
  }
}
