/**
 * Issue 23, item 6 (docs/decisions/033-compiled-server.md): `npm start` runs the server built into
 * plain JavaScript (scripts/build-server.mjs), not its TypeScript. The build, in a folder of its
 * own here so that a server someone runs from apps/server/dist is left alone, starts on an empty
 * data directory (its migrations found beside it), answers its health check, and reads an uploaded
 * sheet in its worker thread (spreadsheet.worker.mjs, beside the bundle).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffCookie } from './support/http.js'
import { startServerProcess } from './support/server-process.js'

const root = join(import.meta.dirname, '../../..')
const outdir = join(root, `apps/server/dist-test-${process.pid}`)

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

describe('the built server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hk-built-'))
  const admin = { email: 'built-admin@example.org', password: 'built admin password' }
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined
  let base = ''

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs'), outdir], {
      encoding: 'utf8',
    })
    expect(build.stderr).toBe('')
    expect(build.status).toBe(0)
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    server = await startServerProcess({
      dataDir,
      port,
      env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      args: ['--enable-source-maps', join(outdir, 'main.mjs')],
      capture: true,
    })
  }, 180_000)

  afterAll(async () => {
    await server?.stop('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(outdir, { recursive: true, force: true })
  })

  it('is plain JavaScript with its source maps, its worker and its migrations', () => {
    for (const file of [
      'main.mjs',
      'main.mjs.map',
      'spreadsheet.worker.mjs',
      'migrations/0000_extensions.sql',
      'migrations/meta/_journal.json',
    ])
      expect(existsSync(join(outdir, file)), file).toBe(true)
  })

  it('starts on an empty data directory and answers its health check', async () => {
    const res = await fetch(`${base}/api/health`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok', database: { reachable: true } })
  })

  it('reads an uploaded sheet in its worker thread', async () => {
    const cookie = await staffCookie(base, admin)
    const form = new FormData()
    const csv = 'RegistrationID,Current Stage,Status,Next Stage\r\nHS-NOBODY-1,,Selected,\r\n'
    form.append('file', new Blob([csv]), 'selection.csv')
    const res = await fetch(`${base}/api/applicant-selection/upload?dryRun=true`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    })
    const report = JSON.stringify(await res.json())
    // The row was read (by the worker): the dry run reports the registration it does not know.
    expect(res.status, report).toBe(200)
    expect(report).toContain("no applicant has RegistrationID 'HS-NOBODY-1'")
    expect(server!.output).not.toMatch(/MODULE_NOT_FOUND/)
  })
})
