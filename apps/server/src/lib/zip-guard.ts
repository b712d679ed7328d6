import { fromBufferPromise } from 'yauzl'

export type ZipLimits = {
  /** Most entries the archive may list. */
  maxEntries: number
  /** Most bytes all entries may hold once inflated. */
  maxUncompressedBytes: number
}

export class ZipRefused extends Error {
  override name = 'ZipRefused'
}

/**
 * Refuses a zip bomb before any other code unpacks the archive. The central directory's entry
 * count and declared sizes are checked first, without inflating anything; then every entry is
 * inflated into nothing, and yauzl stops an entry the moment it yields more than it declared, so
 * the work done here is bounded by the caps whatever the archive says about itself.
 */
export async function assertSafeZip(data: Buffer, limits: ZipLimits): Promise<void> {
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
    const entries = []
    let declared = 0
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted()) throw new ZipRefused('Encrypted archives are not accepted')
      declared += entry.uncompressedSize
      if (declared > limits.maxUncompressedBytes)
        throw new ZipRefused('The archive unpacks to more than the allowed size')
      entries.push(entry)
    }
    for (const entry of entries) {
      if (!entry.canDecodeFileData())
        throw new ZipRefused('The archive uses an unsupported compression')
      const stream = await zip.openReadStreamPromise(entry)
      try {
        for await (const chunk of stream) void chunk
      } catch {
        throw new ZipRefused('An entry of the archive is larger than it declares, or damaged')
      }
    }
  } catch (error) {
    if (error instanceof ZipRefused) throw error
    throw new ZipRefused('The file is not a readable zip archive')
  } finally {
    zip.close()
  }
}
