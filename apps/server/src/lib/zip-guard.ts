import { fromBufferPromise, type Entry } from 'yauzl'

export type ZipLimits = {
  /** Most entries the archive may list. */
  maxEntries: number
  /** Most bytes all entries may hold once inflated. */
  maxUncompressedBytes: number
}

export class ZipRefused extends Error {
  override name = 'ZipRefused'
}

export type CheckedZip = {
  /** The archive's entries by name (the first of a repeated name). */
  entries: Map<string, Entry>
  /** An entry's bytes as they inflate, a chunk at a time. */
  read(entry: Entry): AsyncIterable<Buffer>
  close(): void
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

/**
 * Opens a zip whose central directory keeps within the limits: entry count, encryption, methods
 * and the sizes the entries declare are checked without inflating anything. Each entry is
 * inflated only when read, and yauzl stops it at the first byte past the size it declared, so
 * reading every entry in full inflates at most `maxUncompressedBytes`, whatever the archive says
 * about itself. The central directory is what counts: entries hidden between local headers are
 * never read.
 */
export async function openCheckedZip(data: Buffer, limits: ZipLimits): Promise<CheckedZip> {
  let zip
  try {
    zip = await fromBufferPromise(data, { validateEntrySizes: true, strictFileNames: false })
  } catch {
    throw new ZipRefused('The file is not a readable zip archive')
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new ZipRefused(
        `The archive lists ${zip.entryCount} entries (at most ${limits.maxEntries})`,
      )
    const entries = new Map<string, Entry>()
    let declared = 0
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted()) throw new ZipRefused('Encrypted archives are not accepted')
      if (!entry.canDecodeFileData())
        throw new ZipRefused('The archive uses an unsupported compression')
      declared += entry.uncompressedSize
      if (declared > limits.maxUncompressedBytes)
        throw new ZipRefused(
          `The archive unpacks to more than ${megabytes(limits.maxUncompressedBytes)}, the most a sheet may take`,
        )
      if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry)
    }
    const opened = zip
    return {
      entries,
      async *read(entry) {
        try {
          for await (const chunk of await opened.openReadStreamPromise(entry)) yield chunk as Buffer
        } catch {
          throw new ZipRefused('An entry of the archive is larger than it declares, or damaged')
        }
      },
      close: () => opened.close(),
    }
  } catch (error) {
    zip.close()
    if (error instanceof ZipRefused) throw error
    throw new ZipRefused('The file is not a readable zip archive')
  }
}
