import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { eventually } from './eventually.js'

/**
 * The real server as a process of its own on the embedded database in `dataDir` (crash and log
 * tests), started and answering its health check. `output` gathers what it prints when `capture`.
 */
export async function startServerProcess({
  dataDir,
  port,
  env = {},
  capture = false,
  args = ['--import', 'tsx', join(import.meta.dirname, '../../src/main.ts')],
}: {
  dataDir: string
  port: number
  env?: Record<string, string>
  capture?: boolean
  /** Node's arguments: the sources through tsx unless told (the build: built-server.test.ts). */
  args?: string[]
}) {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      GITHUB_VERIFY: 'off',
      ...env,
    },
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  })
  const server = {
    child,
    output: '',
    /** Stops it with `signal` and waits for its exit (which may already have happened). */
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill(signal)
      await exited
    },
  }
  child.stdout?.on('data', (chunk: Buffer) => (server.output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (server.output += chunk.toString()))
  await eventually(
    () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok || undefined,
        () => undefined,
      ),
    'the server to start',
    // Generous: on a busy shared machine a start has taken over a minute.
    120_000,
  )
  return server
}
