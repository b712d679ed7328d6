// Shared by the benchmarks (issue 12): a real server on a fresh database of either driver, filled
// by `npm run seed:demo`, an admin session, the server process's memory, and a load generator
// (autocannon, in this second process) that keeps every latency for exact percentiles.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { ensureTools } from '../deps/tools.mjs'

export const root = fileURLToPath(new URL('../..', import.meta.url))
const admin = { email: 'bench@example.org', password: 'bench-password' }
const postgresAdminUrl = `postgres://${process.env.PGUSER ?? 'postgres'}@127.0.0.1:5432/postgres`

/** The number after a flag such as --rows, or the fallback when the flag is absent. */
export function numberArg(flag, fallback) {
  const at = process.argv.indexOf(flag)
  const value = at === -1 ? fallback : Number(process.argv[at + 1])
  if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a whole number`)
  return value
}

/** The text after a flag, or the fallback. */
export function textArg(flag, fallback) {
  const at = process.argv.indexOf(flag)
  return at === -1 ? fallback : process.argv[at + 1]
}

/** Whether a PostgreSQL server answers on 127.0.0.1:5432 (as scripts/test.mjs asks). */
export const postgresAnswers = () =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 5432, timeout: 1000 })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => (socket.destroy(), resolve(false)))
  })

/** The server's resident memory in MB, read from /proc. */
export const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024

/** Samples a process's peak RSS every 20 ms until stopped. */
export function peakSampler(pid) {
  const idle = rssMb(pid)
  let peak = idle
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20)
  return {
    idle,
    stop() {
      clearInterval(timer)
      return peak
    },
  }
}

/** Runs a TypeScript snippet with the server's modules at hand; resolves with its last stdout line. */
export async function runTs(script, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk) => (out += chunk))
  if ((await new Promise((r) => child.once('exit', r))) !== 0) throw new Error('script failed')
  return out.trim().split('\n').at(-1)
}

/** Runs one SQL statement on the configured database (the server stopped, for PGlite) and returns its rows. */
export async function query(env, statement) {
  const line = await runTs(
    `
    const { openConfiguredDatabase } = await import(${JSON.stringify(join(root, 'apps/server/src/db/open.ts'))})
    const { loadConfig } = await import(${JSON.stringify(join(root, 'apps/server/src/config.ts'))})
    const { sql } = await import('drizzle-orm')
    const { rowsOf } = await import(${JSON.stringify(join(root, 'apps/server/src/db/client.ts'))})
    const opened = await openConfiguredDatabase(loadConfig(), () => {})
    const rows = await rowsOf(opened.database.db, sql.raw(${JSON.stringify(statement)}))
    console.log(JSON.stringify(rows))
    await opened.close()`,
    env,
  )
  return JSON.parse(line)
}

/**
 * The real server as a process on `env`. BENCH_PROFILE=<dir> writes a CPU profile of each server
 * process there (open it in Chrome's DevTools). `stdout: 'ignore'` keeps the caller's standard
 * output its own (lighthouse.mjs --json).
 */
export function spawnServer(env, { stdout = 'inherit' } = {}) {
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : []
  return spawn(
    process.execPath,
    [...profile, '--import', 'tsx', join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', stdout, 'inherit'],
    },
  )
}

/** Resolves when `base` answers its health route; fails when the process exits first. */
export async function waitHealthy(base, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

export const stopChild = async (child) => {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

/**
 * A fresh database of the driver: a temporary directory for PGlite, a new database on the local
 * PostgreSQL server (dropped by `drop()`).
 */
export async function freshDatabase(driver) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hk-bench-'))
  if (driver === 'pglite')
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  const name = `hk_bench_${process.pid}_${Date.now()}`
  const client = new pg.Client(postgresAdminUrl)
  await client.connect()
  await client.query(`create database ${name}`)
  await client.end()
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: postgresAdminUrl.replace(/\/postgres$/, `/${name}`) },
    drop: async () => {
      const c = new pg.Client(postgresAdminUrl)
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A port nothing listens on now, chosen by the system (the machine is shared). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts the real server on `database`: a first start migrates and creates the admin, then it is
 * stopped while `prepare()` fills the database (the embedded directory is locked while a server
 * runs), then it is started again with `env` and the admin signed in.
 */
export async function startServer(database, { env = {}, prepare } = {}) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const serverEnv = {
    ...database.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...env,
  }
  const first = spawnServer(serverEnv)
  try {
    await waitHealthy(base, first)
  } finally {
    await stopChild(first)
  }
  if (prepare) await prepare(serverEnv)
  const server = spawnServer(serverEnv)
  await waitHealthy(base, server)
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  if (!login.ok) throw new Error(`admin sign-in: ${login.status}`)
  const cookie = login.headers.get('set-cookie').split(';')[0]
  return {
    base,
    cookie,
    pid: server.pid,
    env: serverEnv,
    /** Stops the server and keeps its data (for counting rows afterwards). */
    stop: () => stopChild(server),
  }
}

/** Fills the database with `npm run seed:demo`. */
export async function seedDemo(env, applicants) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'apps/server/src/cli/seed-demo.ts'),
      '--applicants',
      String(applicants),
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  )
  if ((await new Promise((r) => child.once('exit', r))) !== 0) throw new Error('seeding failed')
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0

/**
 * autocannon, from the benchmarks' own install in scripts/bench/node_modules, made on first use
 * (scripts/deps/tools.mjs): `npm install` for `npm start` leaves it out (decision 028).
 */
let autocannonModule
async function autocannon() {
  if (!autocannonModule) {
    ensureTools('bench')
    autocannonModule = (await import('autocannon')).default
  }
  return autocannonModule
}

/**
 * Load from this process with autocannon: `duration` seconds, or exactly `amount` requests (so every
 * answer is counted). `body(i)` makes the i-th request's body; `headers(i)` its headers. Every
 * latency is kept, so p50/p95/p99 are exact; `path(i)` varies the URL's path and query;
 * `onAnswer(i, status, body, at)` sees each answer.
 */
export async function load({
  url,
  method = 'GET',
  connections = 50,
  duration,
  amount,
  headers = {},
  body,
  perRequestHeaders,
  path,
  onAnswer,
}) {
  const run = await autocannon()
  let sent = 0
  const latencies = []
  const statuses = new Map()
  const failures = new Map()
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let lastAnswerAt = started
    const instance = run(
      {
        url,
        connections: amount ? Math.min(connections, amount) : connections,
        // Long enough that a slow answer is measured rather than abandoned (an abandoned request
        // may still be done by the server: it is counted apart, as timeouts).
        timeout: 60,
        ...(amount ? { amount } : { duration }),
        requests: [
          {
            method,
            headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
            setupRequest(request, context) {
              const i = sent++
              context.i = i
              return {
                ...request,
                ...(path ? { path: path(i) } : {}),
                ...(body ? { body: JSON.stringify(body(i)) } : {}),
                ...(perRequestHeaders
                  ? { headers: { ...request.headers, ...perRequestHeaders(i) } }
                  : {}),
              }
            },
            onResponse(status, responseBody, context) {
              statuses.set(status, (statuses.get(status) ?? 0) + 1)
              if (status >= 400) {
                let message = String(responseBody).slice(0, 120)
                try {
                  message = JSON.parse(responseBody).message ?? message
                } catch {
                  // not JSON: keep the text
                }
                failures.set(
                  `${status} ${message}`,
                  (failures.get(`${status} ${message}`) ?? 0) + 1,
                )
              }
              onAnswer?.(context.i, status, responseBody, Date.now())
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error)
        // autocannon reports the end of a fixed amount at its next one-second tick: the time is
        // taken from the last answer instead, or throughput would be rounded down to N / whole seconds.
        const seconds = ((amount ? lastAnswerAt : performance.now()) - started) / 1000
        latencies.sort((a, b) => a - b)
        const ok = [...statuses].filter(([s]) => s < 400).reduce((n, [, c]) => n + c, 0)
        resolve({
          requests: latencies.length,
          ok,
          errors: latencies.length - ok + result.errors + result.timeouts,
          timeouts: result.timeouts,
          perSecond: latencies.length / seconds,
          seconds,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          statuses: Object.fromEntries(statuses),
          failures: Object.fromEntries(failures),
        })
      },
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime)
      lastAnswerAt = performance.now()
    })
  })
}

/** Waits until `probe()` returns something truthy, polling every 250 ms, up to `ms`. */
export async function eventually(probe, ms, what) {
  const until = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}
