/**
 * Legacy Excel workbooks built by hand, record by record ([MS-XLS] records in an [MS-CFB]
 * container), for what LibreOffice never writes: RK floats, a string changing width across a
 * CONTINUE, encryption, damage, and hostile sheets (xls.test.ts, hostile-sheets.pglite.test.ts).
 */
export const u8 = (...n: number[]) => Buffer.from(n)
export const u16 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff])
export const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(n >>> 0)
  return b
}
export const f64 = (n: number) => {
  const b = Buffer.alloc(8)
  b.writeDoubleLE(n)
  return b
}
export const rec = (type: number, ...data: Buffer[]) => {
  const body = Buffer.concat(data)
  return Buffer.concat([u16(type), u16(body.length), body])
}
export const bof = (kind: number, version = 0x0600) =>
  rec(0x0809, u16(version), u16(kind), Buffer.alloc(12))
export const eof = () => rec(0x000a)
export const cell = (row: number, col: number) => Buffer.concat([u16(row), u16(col), u16(15)])
/** XLUnicodeString: count, flags, characters (Latin-1 or UTF-16). */
export const xlString = (text: string, wide = [...text].some((c) => c.charCodeAt(0) > 0xff)) =>
  Buffer.concat([
    u16(text.length),
    u8(wide ? 1 : 0),
    Buffer.from(text, wide ? 'utf16le' : 'latin1'),
  ])
export const rkInt = (n: number, x100 = false) => ((n << 2) | 2 | (x100 ? 1 : 0)) >>> 0
/** The top 30 bits of the double, which must have zero low 34 bits. */
export const rkFloat = (n: number, x100 = false) => (f64(n).readUInt32LE(4) & ~3) | (x100 ? 1 : 0)

export interface Sheet {
  kind?: 0 | 2 // BoundSheet8 type: worksheet or chart
  hidden?: boolean
  records: Buffer[]
}

/** A Workbook stream: globals (BOF, extra records, one BoundSheet8 per sheet, EOF), then the sheets. */
export function workbookStream(sheets: Sheet[], globals: Buffer[] = [], version = 0x0600): Buffer {
  const bodies = sheets.map((s) =>
    Buffer.concat([bof(s.kind === 2 ? 0x0020 : 0x0010), ...s.records, eof()]),
  )
  const boundSheet = (at: number, s: Sheet, i: number) =>
    rec(0x0085, u32(at), u8(s.hidden ? 1 : 0, s.kind ?? 0), u8(2, 0), Buffer.from(`S${i}`))
  const head = Buffer.concat([bof(0x0005, version), ...globals])
  let at = head.length + sheets.length * 14 + 4
  const bounds = sheets.map((s, i) => {
    const b = boundSheet(at, s, i)
    at += bodies[i]!.length
    return b
  })
  return Buffer.concat([head, ...bounds, eof(), ...bodies])
}

export const END = 0xfffffffe
export const NONE = 0xffffffff

/**
 * A version 3 compound file (512-byte sectors) holding the streams as children of the root:
 * sectors [0, fat) hold the FAT, then the directory, then each stream. Streams are padded with
 * zeros to 4096 bytes so that none lives in the mini stream (small.xls covers that path); a
 * reader never gets past the last EOF record to the padding.
 */
export function compoundFile(streams: Record<string, Buffer>) {
  const names = Object.keys(streams)
  const data = names.map((n) => {
    const stream = streams[n]!
    return stream.length >= 4096
      ? stream
      : Buffer.concat([stream, Buffer.alloc(4096 - stream.length)])
  })
  const sizes = data.map((d) => d.length)
  const dirSectors = Math.ceil(((names.length + 1) * 128) / 512)
  const used = dirSectors + sizes.reduce((sum, s) => sum + Math.ceil(s / 512), 0)
  let fatSectors = 1
  while (fatSectors * 128 < fatSectors + used) fatSectors++
  const fat = new Uint32Array(fatSectors * 128).fill(NONE)
  fat.fill(0xfffffffd, 0, fatSectors)
  let next = fatSectors
  const place = (count: number) => {
    const start = next
    for (let i = 0; i < count; i++) fat[next + i] = i === count - 1 ? END : next + i + 1
    next += count
    return start
  }
  const dirStart = place(dirSectors)
  const starts = sizes.map((s) => place(Math.ceil(s / 512)))

  const header = Buffer.alloc(512)
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header)
  header.writeUInt16LE(0x3e, 24)
  header.writeUInt16LE(3, 26)
  header.writeUInt16LE(0xfffe, 28)
  header.writeUInt16LE(9, 30)
  header.writeUInt16LE(6, 32)
  header.writeUInt32LE(fatSectors, 44)
  header.writeUInt32LE(dirStart, 48)
  header.writeUInt32LE(4096, 56)
  header.writeUInt32LE(END, 60)
  header.writeUInt32LE(END, 68)
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? i : NONE, 76 + 4 * i)

  const dir = Buffer.alloc(dirSectors * 512)
  const entry = (i: number, name: string, type: number, right: number, child: number) => {
    const e = dir.subarray(i * 128)
    const encoded = Buffer.from(`${name}\0`, 'utf16le')
    encoded.copy(e)
    e.writeUInt16LE(encoded.length, 64)
    e[66] = type
    e[67] = 1
    e.writeUInt32LE(NONE, 68)
    e.writeUInt32LE(right, 72)
    e.writeUInt32LE(child, 76)
    e.writeUInt32LE(i === 0 ? END : starts[i - 1]!, 116)
    e.writeUInt32LE(i === 0 ? 0 : sizes[i - 1]!, 120)
  }
  entry(0, 'Root Entry', 5, NONE, names.length > 0 ? 1 : NONE)
  names.forEach((name, i) => entry(i + 1, name, 2, i + 2 <= names.length ? i + 2 : NONE, NONE))

  const body = Buffer.alloc(next * 512)
  Buffer.from(fat.buffer).copy(body, 0)
  dir.copy(body, dirStart * 512)
  data.forEach((d, i) => d.copy(body, starts[i]! * 512))
  const file = Buffer.concat([header, body])
  return { file, fatAt: 512, dirAt: 512 + dirStart * 512, starts }
}

export const xls = (sheets: Sheet[], globals: Buffer[] = []) =>
  compoundFile({ Workbook: workbookStream(sheets, globals) }).file
