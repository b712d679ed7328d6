import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { rowsOf } from '../src/db/client.js'
import { DataDirLockedError, lockDataDir, openConfiguredDatabase } from '../src/db/open.js'
import { registrationFor } from './support/fixtures.js'
import { postJson } from './support/http.js'
import { startServerProcess } from './support/server-process.js'

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

async function waitForHealth(port: number, ms = 120_000): Promise<void> {
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

  it('takes over at once the lock of an owner that was killed, and never one whose owner runs, even when its pid was reused', async () => {
    const dir = tempDir()
    const holder = await lockHolder(dir)
    const exited = new Promise((resolve) => holder.child.once('exit', resolve))
    holder.child.kill('SIGKILL')
    await exited
    // The dead owner's pid now names another live process (a reused pid): still not the owner.
    const other = spawn('sleep', ['30'])
    const lockPath = join(dir, 'server.pid.lock')
    const note = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number }
    writeFileSync(lockPath, JSON.stringify({ ...note, pid: other.pid }))
    const release = await lockDataDir(dir, () => {}, { waitMs: 0 })
    other.kill('SIGKILL')
    // This process holds it now: another claim is refused at once, the owner being alive.
    await expect(lockDataDir(dir, () => {})).rejects.toBeInstanceOf(DataDirLockedError)
    await release()
  }, 180_000)

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
  }, 240_000)
})

/** A process of its own holding the lock of `dir` (support/lock-holder-main.ts), once it says so. */
async function lockHolder(dir: string, via?: (command: string) => ChildProcess) {
  const script = join(serverDir, 'test/support/lock-holder-main.ts')
  const command = `${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(script)} ${JSON.stringify(dir)}`
  const child = via
    ? via(command)
    : spawn(process.execPath, ['--import', 'tsx', script, dir], { cwd: serverDir })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const started = Date.now()
  while (!output.includes('locked')) {
    if (Date.now() - started > 120_000) throw new Error(`the lock holder did not lock: ${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { child, output: () => output }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('the DATA_DIR lock is taken from a process only when it is gone, never because it was quiet (issue 21, item 4)', () => {
  const dirs: string[] = []
  const children: ChildProcess[] = []
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hk-lock-'))
    dirs.push(dir)
    return dir
  }
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL')
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }))
  })

  it('refuses the lock of an owner stopped (SIGSTOP) for longer than the old stale time, and the owner keeps it after SIGCONT', async () => {
    const dir = tempDir()
    const holder = await lockHolder(dir)
    children.push(holder.child)
    holder.child.kill('SIGSTOP')
    await new Promise((resolve) => setTimeout(resolve, 12_000))
    await expect(lockDataDir(dir, () => {})).rejects.toBeInstanceOf(DataDirLockedError)
    holder.child.kill('SIGCONT')
    // Past its own checks of the lock (every 5 s): it still holds it and has not given up.
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    expect(holder.output()).not.toContain('lost')
    expect(alive(holder.child.pid!)).toBe(true)
    await expect(lockDataDir(dir, () => {}, { waitMs: 0 })).rejects.toBeInstanceOf(
      DataDirLockedError,
    )
  }, 180_000)

  it('takes over at once the lock of an owner killed and not yet reaped (a zombie)', async () => {
    const dir = tempDir()
    // The holder runs in the background of a shell that then becomes `sleep`, which never reaps
    // it: once killed, it stays a zombie whose pid still exists.
    let holderPid = 0
    const holder = await lockHolder(dir, (command) => {
      const shell = spawn('sh', ['-c', `${command} & echo "pid $!"; exec sleep 60`])
      shell.stdout.on('data', (chunk: Buffer) => {
        const match = /pid (\d+)/.exec(chunk.toString())
        if (match) holderPid = Number(match[1])
      })
      return shell
    })
    children.push(holder.child)
    expect(holderPid).toBeGreaterThan(0)
    process.kill(holderPid, 'SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(alive(holderPid)).toBe(true) // a zombie: its pid still answers
    const release = await lockDataDir(dir, () => {}, { waitMs: 0 })
    await release()
  }, 180_000)

  it('waits for an owner that exits within a few seconds, then takes the lock', async () => {
    const dir = tempDir()
    const holder = await lockHolder(dir)
    children.push(holder.child)
    let killed = false
    setTimeout(() => {
      killed = true
      holder.child.kill('SIGKILL')
    }, 1_500)
    const release = await lockDataDir(dir, () => {}, { waitMs: 10_000 })
    expect(killed).toBe(true)
    await release()
  }, 180_000)

  it('a server paused past the old stale time keeps its directory: a second server refuses, nothing acknowledged is lost, and a restart right after kill -9 starts', async () => {
    const dataDir = tempDir()
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const first = await startServerProcess({ dataDir, port })
    children.push(first.child)
    const register = async (label: string) => {
      const tag = randomBytes(4).toString('hex')
      const res = await postJson(base, '/api/register', registrationFor(tag, label))
      expect(res.status).toBe(201)
      return `${label}.${tag}@college.example`
    }
    const acknowledged = [await register('before')]

    first.child.kill('SIGSTOP')
    await new Promise((resolve) => setTimeout(resolve, 12_000))
    const started = startServer(dataDir, await freePort())
    const second = await Promise.race([
      started.exited,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 40_000)),
    ])
    if (!second) started.kill('SIGKILL')
    expect(second, 'the second server took the directory and ran').toBeDefined()
    expect(second!.code).toBe(1)
    expect(second!.output).toContain('Another process is already using the embedded database')

    first.child.kill('SIGCONT')
    // The first server still serves and still owns the directory, past its own lock checks.
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    acknowledged.push(await register('after'))
    expect((await fetch(`${base}/api/health`)).status).toBe(200)

    // Killed, and started again at once without waiting for the old process to be reaped.
    first.child.kill('SIGKILL')
    const restarted = await startServerProcess({ dataDir, port })
    children.push(restarted.child)
    acknowledged.push(await register('restarted'))
    await restarted.stop('SIGTERM')

    const opened = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }), () => {})
    try {
      const rows = await rowsOf<{ email: string }>(
        opened.database.db,
        sql`select email from applicants`,
      )
      expect(rows.map((r) => r.email).sort()).toEqual([...acknowledged].sort())
    } finally {
      await opened.close()
    }
  }, 360_000)
})
