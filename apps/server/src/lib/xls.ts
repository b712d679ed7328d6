/**
 * Cell values of the first worksheet of a legacy Excel 97-2003 workbook (.xls, BIFF8), read
 * from untrusted uploads. The registry's readers are either advisory-laden (`xlsx` 0.18.5) or,
 * like `cfb` 1.2.2, loop without bound on a crafted container, so both layers are read here with
 * every offset, length, count and chain checked against the bytes actually present.
 * Specifications: [MS-CFB] (the OLE2 container) and [MS-XLS] (the BIFF8 records).
 */

import { SHEET_LIMITS, SheetGrid, SpreadsheetRefused, type SheetLimits } from './sheet-grid.js'

export class XlsError extends Error {
  override name = 'XlsError'
}

const DAMAGED = 'The .xls file is damaged or not an Excel 97-2003 workbook'
const ENCRYPTED = 'Encrypted workbooks are not supported'
const NOT_BIFF8 = 'Only Excel 97-2003 (.xls) workbooks are supported'

function need(ok: unknown): asserts ok {
  if (!ok) throw new XlsError(DAMAGED)
}

const u32s = (b: Buffer) =>
  Uint32Array.from({ length: b.length >>> 2 }, (_, i) => b.readUInt32LE(4 * i))

// ---- [MS-CFB] Compound File Binary format ------------------------------------------------------

const CFB_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex')
const END_OF_CHAIN = 0xfffffffe

/**
 * A stream's bytes: its sectors linked through `table` from `start`, `length` bytes long, or up to
 * ENDOFCHAIN when the length is not recorded. A sector seen twice (a loop) or a link past the
 * table is damage, so what is returned is never more than the file.
 */
function chain(
  table: Uint32Array,
  start: number,
  length: number | undefined,
  count: number,
  sector: (n: number) => Buffer,
): Buffer {
  const parts: Buffer[] = []
  const seen = new Uint8Array(count)
  let got = 0
  for (let n = start; length === undefined ? n !== END_OF_CHAIN : got < length; n = table[n]!) {
    need(n < table.length && n < count && !seen[n])
    seen[n] = 1
    parts.push(sector(n))
    got += parts[parts.length - 1]!.length
  }
  need(length === undefined || got >= length)
  return Buffer.concat(parts).subarray(0, length)
}

/** The Workbook stream, a direct child of the root storage. */
function workbookStream(file: Buffer): Buffer {
  need(file.length >= 512 && file.subarray(0, 8).equals(CFB_SIGNATURE))
  // [MS-CFB] 2.2 Compound File Header: version 3 uses 512-byte sectors, version 4 4096-byte ones.
  const major = file.readUInt16LE(26)
  const shift = file.readUInt16LE(30)
  need((major === 3 && shift === 9) || (major === 4 && shift === 12))
  need(file.readUInt16LE(32) === 6 && file.readUInt32LE(56) === 4096)
  const size = 1 << shift
  // Sector n starts at (n + 1) * size: the header fills the first one. A cut-off tail is not a sector.
  const count = Math.floor(file.length / size) - 1
  const sector = (n: number) => {
    need(n < count)
    return file.subarray((n + 1) * size, (n + 2) * size)
  }

  // [MS-CFB] 2.5 DIFAT: where the FAT's sectors are; 109 in the header, the rest in a chain of
  // DIFAT sectors whose last 4 bytes link to the next.
  const fatCount = file.readUInt32LE(44)
  need(fatCount <= count)
  const fatSectors: number[] = []
  for (let i = 0; i < Math.min(fatCount, 109); i++) fatSectors.push(file.readUInt32LE(76 + 4 * i))
  for (let next = file.readUInt32LE(68), hops = 0; fatSectors.length < fatCount; hops++) {
    need(hops < count)
    const links = u32s(sector(next))
    fatSectors.push(...links.subarray(0, Math.min(links.length - 1, fatCount - fatSectors.length)))
    next = links[links.length - 1]!
  }
  // [MS-CFB] 2.3 FAT: entry n is the sector after sector n in its chain.
  const fat = u32s(Buffer.concat(fatSectors.map(sector)))

  // [MS-CFB] 2.6 Directory: 128-byte entries; name (UTF-16, length in bytes with the NUL at 64),
  // type at 66 (2 stream, 5 root), left/right sibling and child at 68/72/76, start and size at 116/120.
  const dir = chain(fat, file.readUInt32LE(48), undefined, count, sector)
  const entries = dir.length >>> 7
  need(entries > 0 && dir[66] === 5)
  const entry = (i: number) => dir.subarray(i * 128, i * 128 + 128)
  const children = new Map<string, Buffer>()
  const seen = new Uint8Array(entries)
  // The root's children form a tree of siblings under its child link; a link out of range or back
  // to a seen entry ends that branch.
  for (const todo = [dir.readUInt32LE(76)]; todo.length > 0;) {
    const i = todo.pop()!
    if (i >= entries || seen[i]) continue
    seen[i] = 1
    const e = entry(i)
    const nameBytes = e.readUInt16LE(64)
    if (nameBytes >= 2 && nameBytes <= 64)
      children.set(e.toString('utf16le', 0, nameBytes - 2).toLowerCase(), e) // names compare case-blind
    todo.push(e.readUInt32LE(68), e.readUInt32LE(72))
  }
  // An encrypted xlsx or xls saved by Excel with a password is a compound file of these streams.
  if (children.has('encryptedpackage')) throw new XlsError(ENCRYPTED)
  const book = children.get('workbook')
  if (!book && children.has('book')) throw new XlsError(NOT_BIFF8) // BIFF5 (Excel 5.0/95)
  need(book && book[66] === 2)
  const start = book.readUInt32LE(116)
  const length = book.readUInt32LE(120) // the high half at 124 is not used by version 3 files
  need(length <= file.length)
  if (length >= 4096) return chain(fat, start, length, count, sector)

  // [MS-CFB] 2.4 Mini FAT: smaller streams are chains of 64-byte sectors inside the mini stream,
  // which is the root entry's own stream.
  const root = entry(0)
  const miniLength = root.readUInt32LE(120)
  need(miniLength <= file.length)
  const mini = chain(fat, root.readUInt32LE(116), miniLength, count, sector)
  const miniFat = u32s(chain(fat, file.readUInt32LE(60), undefined, count, sector))
  const miniCount = mini.length >>> 6
  return chain(miniFat, start, length, miniCount, (n) => {
    need(n < miniCount)
    return mini.subarray(n * 64, n * 64 + 64)
  })
}

// ---- [MS-XLS] BIFF8 records ----------------------------------------------------------------------

const BOF = 0x0809
const EOF = 0x000a
const FILEPASS = 0x002f
const BOUNDSHEET = 0x0085
const SST = 0x00fc
const CONTINUE = 0x003c
const LABELSST = 0x00fd
const LABEL = 0x0204
const NUMBER = 0x0203
const RK = 0x027e
const MULRK = 0x00bd
const BOOLERR = 0x0205
const FORMULA = 0x0006
const STRING = 0x0207

interface Rec {
  type: number
  data: Buffer
  end: number
}

/** [MS-XLS] 2.1.4 Record: type (2 bytes), size (2 bytes), then the data. */
function record(stream: Buffer, pos: number): Rec {
  need(pos + 4 <= stream.length)
  const end = pos + 4 + stream.readUInt16LE(pos + 2)
  need(end <= stream.length)
  return { type: stream.readUInt16LE(pos), data: stream.subarray(pos + 4, end), end }
}

/** A record's data and that of the CONTINUE records after it, read as one run of bytes. */
class Run {
  private readonly buf: Buffer
  private readonly ends: number[] = []
  private pos = 0
  private part = 0

  constructor(parts: Buffer[]) {
    this.buf = Buffer.concat(parts)
    for (let end = 0, i = 0; i < parts.length; i++) this.ends.push((end += parts[i]!.length))
  }

  get done() {
    return this.pos >= this.buf.length
  }

  private take(n: number) {
    need(this.pos + n <= this.buf.length)
    this.pos += n
    return this.pos - n
  }

  u8 = () => this.buf[this.take(1)]!
  u16 = () => this.buf.readUInt16LE(this.take(2))
  u32 = () => this.buf.readUInt32LE(this.take(4))

  /**
   * XLUnicodeRichExtendedString ([MS-XLS] 2.5.293), or XLUnicodeString (2.5.294), whose flags
   * never set the rich and phonetic bits: character count, flags (bit 0: two bytes per character,
   * else one, Latin-1), count of formatting runs (bit 3), size of the phonetic block (bit 2), the
   * characters, 4 bytes per run, the phonetic block. The fixed fields are in one record; when
   * the characters go on in the next CONTINUE (2.4.58) they restart with a flags byte, so the
   * width may change mid-string; runs and phonetic bytes simply go on.
   */
  string(): string {
    let left = this.u16()
    const flags = this.u8()
    const runs = flags & 0x08 ? this.u16() : 0
    const phonetic = flags & 0x04 ? this.u32() : 0
    let wide = flags & 0x01
    let text = ''
    while (left > 0) {
      while (this.ends[this.part]! < this.pos) this.part++
      const end = this.ends[this.part]!
      if (this.pos === end) {
        wide = this.u8() & 0x01
        continue
      }
      const n = Math.min(left, Math.floor((end - this.pos) / (wide ? 2 : 1)))
      need(n > 0)
      const at = this.take(wide ? 2 * n : n)
      text += this.buf.toString(wide ? 'utf16le' : 'latin1', at, this.pos)
      left -= n
    }
    this.take(runs * 4 + phonetic)
    return text
  }
}

/** A record and the CONTINUE records that carry on its data. */
function continued(stream: Buffer, first: Rec): { run: Run; end: number } {
  const parts = [first.data]
  let end = first.end
  while (end + 4 <= stream.length && stream.readUInt16LE(end) === CONTINUE) {
    const next = record(stream, end)
    parts.push(next.data)
    end = next.end
  }
  return { run: new Run(parts), end }
}

/**
 * [MS-XLS] RkNumber (in 2.4.220 RK and 2.4.175 MulRk): bit 0 = divide by 100; bit 1 = the top 30
 * bits are a signed integer, else they are the top 30 bits of an IEEE 754 double, the rest 0.
 */
function rk(value: number): number {
  let n: number
  if (value & 0x02) n = value >> 2
  else {
    const double = Buffer.alloc(8)
    double.writeInt32LE(value & ~0x03, 4)
    n = double.readDoubleLE(0)
  }
  return value & 0x01 ? n / 100 : n
}

const numberText = (n: number) => (Number.isFinite(n) ? String(n) : '')

/** [MS-XLS] 2.4.21 BOF: BIFF version (0x0600 for BIFF8), then the kind of substream. */
function bof(rec: Rec, kind: number) {
  need(rec.type === BOF && rec.data.length >= 4)
  if (rec.data.readUInt16LE(0) !== 0x0600) throw new XlsError(NOT_BIFF8)
  need(rec.data.readUInt16LE(2) === kind)
}

/** Cell text of the first worksheet, row by row (row index 0 = the sheet's row 1); cells as strings ('' for empty), numbers formatted as JavaScript would print them (integers without '.0'), booleans 'TRUE'/'FALSE', errors ''. */
export function readXlsRows(data: Buffer, limits: Partial<SheetLimits> = {}): string[][] {
  try {
    return readFirstSheet(workbookStream(data), new SheetGrid({ ...SHEET_LIMITS, ...limits }))
  } catch (error) {
    if (error instanceof XlsError) throw error
    if (error instanceof SpreadsheetRefused) throw new XlsError(error.message)
    throw new XlsError(DAMAGED, { cause: error }) // a check missed above still ends here
  }
}

function readFirstSheet(stream: Buffer, grid: SheetGrid): string[][] {
  // [MS-XLS] Workbook Stream: the globals substream (BOF ... EOF), then one per sheet.
  const first = record(stream, 0)
  bof(first, 0x0005)
  let sst: string[] = []
  let sheetAt: number | undefined
  for (let pos = first.end; ;) {
    const rec = record(stream, pos)
    pos = rec.end
    if (rec.type === EOF) break
    // 2.4.117 FilePass: every record after it is encrypted.
    if (rec.type === FILEPASS) throw new XlsError(ENCRYPTED)
    // 2.4.28 BoundSheet8: stream offset of the sheet's BOF (4 bytes), visibility, sheet type
    // (0 worksheet, 1 macro sheet, 2 chart, 6 VB module); hidden worksheets are read too.
    if (rec.type === BOUNDSHEET && sheetAt === undefined) {
      need(rec.data.length >= 6)
      if (rec.data[5] === 0) sheetAt = rec.data.readUInt32LE(0)
    }
    // 2.4.265 SST: total and unique string counts, then the unique strings. The count is only a
    // claim: each string takes at least 3 bytes, so running out of data first is damage.
    if (rec.type === SST) {
      const { run, end } = continued(stream, rec)
      pos = end
      run.u32()
      const unique = run.u32()
      sst = []
      while (sst.length < unique) {
        need(!run.done)
        sst.push(run.string())
      }
    }
  }
  if (sheetAt === undefined) throw new XlsError('The workbook has no worksheet')
  const sheetBof = record(stream, sheetAt)
  bof(sheetBof, 0x0010)

  // Every ceiling (rows, columns, cells, characters) is the grid's, checked as each cell is read.
  const set = (row: number, col: number, text: string) => {
    need(col <= 255) // BIFF8 has columns A to IV
    grid.set(row, col, text)
  }

  // Cell records (2.4.149 LabelSst, 2.4.148 Label, 2.4.180 Number, 2.4.220 RK, 2.4.127 Formula)
  // begin with the Cell structure: row (2 bytes), column (2 bytes), format index (2 bytes).
  // Embedded charts are BOF ... EOF substreams nested in the sheet; their records are not cells.
  let stringFor: [number, number] | undefined
  for (let pos = sheetBof.end, depth = 1; depth > 0;) {
    const rec = record(stream, pos)
    pos = rec.end
    const d = rec.data
    if (rec.type === BOF) depth++
    else if (rec.type === EOF) depth--
    else if (depth > 1) continue
    else if (rec.type === LABELSST) {
      need(d.length >= 10)
      const index = d.readUInt32LE(6)
      need(index < sst.length)
      set(d.readUInt16LE(0), d.readUInt16LE(2), sst[index]!)
    } else if (rec.type === LABEL) {
      need(d.length >= 6)
      set(d.readUInt16LE(0), d.readUInt16LE(2), new Run([d.subarray(6)]).string())
    } else if (rec.type === NUMBER) {
      need(d.length >= 14)
      set(d.readUInt16LE(0), d.readUInt16LE(2), numberText(d.readDoubleLE(6)))
    } else if (rec.type === RK) {
      need(d.length >= 10)
      set(d.readUInt16LE(0), d.readUInt16LE(2), numberText(rk(d.readInt32LE(6))))
    } else if (rec.type === MULRK) {
      // 2.4.175 MulRk: row, first column, (format index, RkNumber) per cell, last column.
      need(d.length >= 12 && (d.length - 6) % 6 === 0)
      const row = d.readUInt16LE(0)
      const col = d.readUInt16LE(2)
      for (let i = 0; i < (d.length - 6) / 6; i++)
        set(row, col + i, numberText(rk(d.readInt32LE(4 + 6 * i + 2))))
    } else if (rec.type === BOOLERR) {
      // 2.4.24 BoolErr: value, then 1 when the value is an error code.
      need(d.length >= 8)
      if (d[7] === 0) set(d.readUInt16LE(0), d.readUInt16LE(2), d[6] ? 'TRUE' : 'FALSE')
    } else if (rec.type === FORMULA) {
      // 2.5.133 FormulaValue: a double, unless its top 2 bytes are 0xFFFF; then byte 0 says:
      // 0 text (in the STRING record that follows), 1 boolean (byte 2), 2 error, 3 empty text.
      need(d.length >= 14)
      const row = d.readUInt16LE(0)
      const col = d.readUInt16LE(2)
      if (d.readUInt16LE(12) !== 0xffff) set(row, col, numberText(d.readDoubleLE(6)))
      else if (d[6] === 0) stringFor = [row, col]
      else if (d[6] === 1) set(row, col, d[8] ? 'TRUE' : 'FALSE')
    } else if (rec.type === STRING) {
      // 2.4.268 String: the formula's text result, possibly carried on in CONTINUE records.
      const { run, end } = continued(stream, rec)
      pos = end
      const text = run.string()
      if (stringFor) set(stringFor[0], stringFor[1], text)
      stringFor = undefined
    }
  }
  return grid.result()
}
