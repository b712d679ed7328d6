/** Cells a spreadsheet program would run as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV cell (RFC 4180): formula-like text is prefixed with an apostrophe so a spreadsheet
 * shows it instead of running it, and any cell with a comma, semicolon (the separator of
 * spreadsheets in many locales: a formula could start after it), quote, line break or edge space
 * is quoted with its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",;\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvRow = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`

/** Spreadsheet programs read UTF-8 names correctly only with a byte order mark. */
export const UTF8_BOM = '\uFEFF'
