/**
 * Cell text of the first worksheet of an xlsx, streamed: the archive through yauzl (central
 * directory checked first, each part inflated as it is read), each XML part through saxes, and
 * every cell into a SheetGrid as it is parsed, so a hostile workbook is refused at the first cell
 * past a ceiling, having held no more than the cells before it. ExcelJS's whole-workbook reader
 * is not used here: see docs/decisions/020-bounded-spreadsheets.md.
 * Specification: ECMA-376 Part 1, 18.3 (worksheets) and 18.4 (shared strings).
 */
import { posix } from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import {
  columnName,
  SheetGrid,
  SpreadsheetRefused,
  tooLongCell,
  tooMuchText,
  type SheetLimits,
} from './sheet-grid.js'
import { openCheckedZip, ZipRefused, type CheckedZip } from './zip-guard.js'

const DAMAGED = 'The .xlsx file is damaged or not an Excel workbook'

/**
 * The longest stretch of XML without a tag boundary: saxes gathers a text or a tag whole before
 * reporting it, so this bounds what it holds. A cell of 32,767 characters, each written as a
 * character reference, is under 400 kB.
 */
const MAX_TOKEN_BYTES = 1024 * 1024

const damaged = () => new SpreadsheetRefused(400, DAMAGED)
const localName = (name: string) => name.slice(name.indexOf(':') + 1)

type Handlers = {
  open(name: string, tag: SaxesTagPlain): void
  close(name: string): void
  text(text: string): void
  /** The refusal when MAX_TOKEN_BYTES pass without a tag boundary, naming the cell if in one. */
  tooLong?(): SpreadsheetRefused
}

/** Streams one part of the archive through a SAX parser, tags by their local names. */
async function parsePart(zip: CheckedZip, path: string, handlers: Handlers): Promise<void> {
  const entry = zip.entries.get(path)
  if (!entry) throw damaged()
  const parser = new SaxesParser<{ xmlns: false; position: false }>({
    xmlns: false,
    position: false,
  })
  let sinceEvent = 0
  let event: boolean // whether the parser reported anything during the last chunk
  parser.on('opentag', (tag) => {
    event = true
    handlers.open(localName(tag.name), tag)
  })
  parser.on('closetag', (tag) => {
    event = true
    handlers.close(localName(tag.name))
  })
  parser.on('text', (text) => {
    event = true
    handlers.text(text)
  })
  for (const name of ['cdata', 'comment', 'processinginstruction', 'doctype'] as const)
    parser.on(name, () => (event = true))
  const decoder = new StringDecoder('utf8')
  try {
    for await (const chunk of zip.read(entry)) {
      event = false
      parser.write(decoder.write(chunk))
      sinceEvent = event ? 0 : sinceEvent + chunk.length
      if (sinceEvent > MAX_TOKEN_BYTES)
        throw (
          handlers.tooLong?.() ??
          new SpreadsheetRefused(400, 'The workbook has a tag or a text longer than 1 MB of XML')
        )
    }
    parser.write(decoder.end())
    parser.close()
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw error
    if (error instanceof ZipRefused) throw new SpreadsheetRefused(400, error.message)
    throw damaged() // saxes: not well-formed XML
  }
}

/** An attribute by local name: `r:id` is found as `id`. */
function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes))
    if (localName(key) === name) return value
  return undefined
}

/** The parts the workbook's relationships name: its first worksheet and its shared strings. */
async function locateParts(zip: CheckedZip) {
  let firstSheetId: string | undefined
  if (zip.entries.has('xl/workbook.xml'))
    await parsePart(zip, 'xl/workbook.xml', {
      open(name, tag) {
        if (name === 'sheet' && firstSheetId === undefined)
          firstSheetId = attribute(tag, 'id') ?? ''
      },
      close() {},
      text() {},
    })
  const targets = new Map<string, string>()
  let sharedStrings: string | undefined
  if (zip.entries.has('xl/_rels/workbook.xml.rels'))
    await parsePart(zip, 'xl/_rels/workbook.xml.rels', {
      open(name, tag) {
        if (name !== 'Relationship') return
        const target = attribute(tag, 'Target')
        if (!target) return
        const path = target.startsWith('/')
          ? target.slice(1)
          : posix.normalize(posix.join('xl', target))
        targets.set(attribute(tag, 'Id') ?? '', path)
        if (attribute(tag, 'Type')?.endsWith('/sharedStrings')) sharedStrings ??= path
      },
      close() {},
      text() {},
    })
  // Without usable relationships, the lowest-numbered worksheet part, as older readers do.
  const numbered = [...zip.entries.keys()]
    .map((name) => ({ name, n: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] }))
    .filter((p) => p.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n))
  const sheet =
    (firstSheetId !== undefined ? targets.get(firstSheetId) : undefined) ?? numbered[0]?.name
  if (!sheet || !zip.entries.has(sheet))
    throw new SpreadsheetRefused(400, 'The workbook has no worksheet')
  sharedStrings ??= zip.entries.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : undefined
  return { sheet, sharedStrings }
}

/**
 * The shared-string table: each `<si>` is the text of its `<t>` elements, phonetic runs
 * (`<rPh>`) left out, as Excel shows it.
 */
async function readSharedStrings(zip: CheckedZip, path: string, limits: SheetLimits) {
  const strings: string[] = []
  let chars = 0
  let current: string | undefined
  let inText = false
  let phonetic = 0
  const tooLong = () => tooLongCell(limits, `Shared string ${strings.length + 1} of the workbook`)
  await parsePart(zip, path, {
    open(name) {
      if (name === 'si') current = ''
      else if (name === 'rPh') phonetic++
      else if (name === 't' && current !== undefined && phonetic === 0) inText = true
    },
    close(name) {
      if (name === 't') inText = false
      else if (name === 'rPh') phonetic--
      else if (name === 'si' && current !== undefined) {
        if (strings.length >= limits.maxCells)
          throw new SpreadsheetRefused(
            400,
            `The workbook's shared-string table holds more than ${limits.maxCells.toLocaleString('en')} strings`,
          )
        strings.push(current)
        current = undefined
      }
    },
    text(text) {
      if (!inText || current === undefined) return
      current += text
      if (current.length > limits.maxCellChars) throw tooLong()
      chars += text.length
      if (chars > limits.maxTextChars) throw tooMuchText(limits)
    },
    tooLong,
  })
  return strings
}

/** 0-based column and row of an A1 reference such as `BC12`; undefined when it is not one. */
function cellAddress(ref: string): { row: number; column: number } | undefined {
  const match = /^([A-Z]{1,3})(\d{1,7})$/.exec(ref)
  if (!match) return undefined
  let column = 0
  for (const letter of match[1]!) column = column * 26 + letter.charCodeAt(0) - 64
  return { row: Number(match[2]) - 1, column: column - 1 }
}

/** Cell text the way a person sees it: numbers as JavaScript prints them, booleans TRUE/FALSE. */
function cellText(type: string, value: string, inline: string, strings: string[]): string {
  switch (type) {
    case 's': {
      const text = strings[Number(value)]
      if (value === '' || text === undefined) throw damaged()
      return text
    }
    case 'inlineStr':
      return inline || value
    case 'str':
    case 'd':
      return value
    case 'b':
      return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value
    case 'e':
      return '' // error values such as #N/A
    default: {
      const number = Number(value)
      return value.trim() !== '' && Number.isFinite(number) ? String(number) : value
    }
  }
}

/** Streams the worksheet's `<sheetData>` into the grid. */
async function readWorksheet(zip: CheckedZip, path: string, strings: string[], grid: SheetGrid) {
  const limits = grid.limits
  let row = -1
  let column = -1
  let cell: { row: number; column: number; type: string } | undefined
  let value = ''
  let inline = ''
  let into: 'value' | 'inline' | undefined
  let phonetic = 0
  const tooLong = () =>
    cell
      ? tooLongCell(limits, `Cell ${columnName(cell.column)}${cell.row + 1}`)
      : new SpreadsheetRefused(400, 'The worksheet has a tag or a text longer than 1 MB of XML')
  await parsePart(zip, path, {
    open(name, tag) {
      if (name === 'row') {
        const r = attribute(tag, 'r')
        row = r === undefined ? row + 1 : Number(r) - 1
        if (!Number.isInteger(row) || row < 0) throw damaged()
        column = -1
      } else if (name === 'c') {
        const r = attribute(tag, 'r')
        const at = r === undefined ? { row, column: column + 1 } : cellAddress(r)
        if (!at || at.row < 0) throw damaged()
        column = at.column
        cell = { ...at, type: attribute(tag, 't') ?? 'n' }
        value = inline = ''
      } else if (!cell) return
      else if (name === 'v') into = 'value'
      else if (name === 'rPh') phonetic++
      else if (name === 't' && phonetic === 0) into = 'inline'
    },
    close(name) {
      if (name === 'v' || name === 't') into = undefined
      else if (name === 'rPh') phonetic--
      else if (name === 'c' && cell) {
        grid.set(cell.row, cell.column, cellText(cell.type, value, inline, strings))
        cell = undefined
      }
    },
    text(text) {
      if (into === 'value') value += text
      else if (into === 'inline') inline += text
      else return
      if (value.length + inline.length > limits.maxCellChars) throw tooLong()
    },
    tooLong,
  })
}

/** The first worksheet's cells as text, row by row, within the grid's ceilings. */
export async function readXlsxRows(data: Buffer, limits: SheetLimits): Promise<string[][]> {
  let zip: CheckedZip
  try {
    zip = await openCheckedZip(data, limits)
  } catch (error) {
    if (error instanceof ZipRefused) throw new SpreadsheetRefused(400, error.message)
    throw error
  }
  try {
    const parts = await locateParts(zip)
    const strings = parts.sharedStrings
      ? await readSharedStrings(zip, parts.sharedStrings, limits)
      : []
    const grid = new SheetGrid(limits)
    await readWorksheet(zip, parts.sheet, strings, grid)
    return grid.result()
  } finally {
    zip.close()
  }
}
