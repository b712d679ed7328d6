import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from '../src/db/open.js'

const serverDir = fileURLToPath(new URL('..', import.meta.url))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

interface Started {
  exited: Promise<{ code: number | null; output: string }>
  output: () => string
  kill: (signal: NodeJS.Signals) => void
}

function startServer(dataDir: string, port: number): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  )
  return { exited, output: () => output, kill: (signal) => child.kill(signal) }
}

async function waitForHealth(port: number, ms = 45_000): Promise<void> {
  const start = Date.now()
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) return
    if (Date.now() - start > ms) throw new Error('server did not become healthy')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe('the embedded database directory is used by one process at a time', () => {
  const dirs: string[] = []
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hk-data-'))
    dirs.push(dir)
    return dir
  }
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('refuses a second lock on the same directory and grants it again after release', async () => {
    const dir = tempDir()
    const release = await lockDataDir(dir, () => {})
    await expect(lockDataDir(dir, () => {})).rejects.toBeInstanceOf(DataDirLockedError)
    await release()
    const again = await lockDataDir(dir, () => {})
    await again()
  })

  it('takes over at once a fresh lock whose owner on this machine is gone, and never one whose owner runs', async () => {
    const dir = tempDir()
    // A lock taken and never released, as a killed server leaves it; its owner note names a process that has exited.
    await lockDataDir(dir, () => {})
    const gone = spawn(process.execPath, ['-e', '0'])
    await new Promise((resolve) => gone.once('exit', resolve))
    writeFileSync(
      join(dir, 'server.lock.owner'),
      JSON.stringify({ pid: gone.pid, host: hostname() }),
    )
    const release = await lockDataDir(dir, () => {})
    // This process holds it now: another claim is refused, the owner being alive.
    await expect(lockDataDir(dir, () => {})).rejects.toBeInstanceOf(DataDirLockedError)
    await release()
  })

  it('stops a second server on the same DATA_DIR with a clear message and exit code 1, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempDir()
    const port = await freePort()
    const first = startServer(dataDir, port)
    await waitForHealth(port)

    const second = await startServer(dataDir, await freePort()).exited
    expect(second.code).toBe(1)
    expect(second.output).toContain('Another process is already using the embedded database')

    // The first one still serves, unharmed.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(health.status).toBe(200)

    first.kill('SIGTERM')
    const stopped = await first.exited
    expect(stopped.code).toBe(0)

    // The lock was released on shutdown: the directory can be locked again at once.
    const release = await lockDataDir(dataDir, () => {})
    await release()
  }, 90_000)
})
