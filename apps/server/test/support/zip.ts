import { crc32, deflateRawSync } from 'node:zlib'

export type ZipEntry = {
  name: string
  /** The deflated bytes and the sizes the archive claims (which a hostile archive may fake). */
  compressed: Buffer
  crc: number
  uncompressedSize: number
}

/** An entry deflated from real content, with its true size and checksum. */
export function entryOf(name: string, content: Buffer | string): ZipEntry {
  const data = Buffer.from(content)
  return { name, compressed: deflateRawSync(data), crc: crc32(data), uncompressedSize: data.length }
}

/**
 * A zip archive written byte by byte (PKWARE APPNOTE 4.3), so tests can build what no zip tool
 * would: bombs, thousands of entries, entries that lie about their size.
 */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0, 6) // flags
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt32LE(e.crc >>> 0, 14)
    local.writeUInt32LE(e.compressed.length, 18)
    local.writeUInt32LE(e.uncompressedSize, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(e.crc >>> 0, 16)
    central.writeUInt32LE(e.compressed.length, 20)
    central.writeUInt32LE(e.uncompressedSize, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, e.compressed)
    centrals.push(central, name)
    offset += 30 + name.length + e.compressed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
