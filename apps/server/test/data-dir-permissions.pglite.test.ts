import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServerProcess } from './support/server-process.js'

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

/** Every path below `dir` whose permission bits let anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const open: string[] = []
  const walk = (path: string) => {
    const mode = statSync(path).mode & 0o777
    if (mode & 0o077) open.push(`${path} ${mode.toString(8)}`)
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name))
  }
  walk(dir)
  return open
}

/**
 * The embedded database's files (its write-ahead log holds live sign-in codes) are the server
 * user's alone: DATA_DIR 0700, files 0600, fixed on start for a directory made before (issue 20).
 */
describe('the embedded database directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hk-perms-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('keeps every file of DATA_DIR to the user running the server, fixing an existing one with a log line', async () => {
    // An earlier version left the directory and its files open to every local user.
    chmodSync(dataDir, 0o777)
    mkdirSync(join(dataDir, 'old'), { mode: 0o777 })
    chmodSync(join(dataDir, 'old'), 0o777)
    writeFileSync(join(dataDir, 'old', 'file'), 'x', { mode: 0o666 })
    chmodSync(join(dataDir, 'old', 'file'), 0o666)
    const server = await startServerProcess({
      dataDir,
      port: await freePort(),
      env: { LOG_LEVEL: 'info' },
      capture: true,
    })
    try {
      // Files the database made since it started (its log, new segments) are private too.
      expect(openToOthers(dataDir)).toEqual([])
      expect(server.output).toMatch(/Made \d+ files? of .* private to this user/)
    } finally {
      await server.stop()
    }
    expect(openToOthers(dataDir)).toEqual([])
  }, 90_000)
})
