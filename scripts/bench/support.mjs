// Shared by the benchmarks: a real server on a fresh embedded database seeded with N applicants,
// an admin session, and the server process's resident memory.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../..', import.meta.url))
const admin = { email: 'bench@example.org', password: 'bench-password' }

/** The number after a flag such as --rows, or the fallback when the flag is absent. */
export function numberArg(flag, fallback) {
  const at = process.argv.indexOf(flag)
  const value = at === -1 ? fallback : Number(process.argv[at + 1])
  if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a whole number`)
  return value
}

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

function spawnServer(dataDir, port) {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

async function waitHealthy(base) {
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

const stop = async (child) => {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

/** Runs `sql` (one statement) on a stopped server's embedded database and returns its rows. */
export async function queryStopped(dataDir, statement) {
  const script = `
    const { openPglite } = await import('${join(root, 'apps/server/src/db/client.ts')}')
    const db = await openPglite({ dataDir: '${join(dataDir, 'pglite')}' })
    const result = await db.pglite.query(${JSON.stringify(statement)})
    console.log(JSON.stringify(result.rows))
    await db.close()`
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk) => (out += chunk))
  if ((await new Promise((r) => child.once('exit', r))) !== 0) throw new Error('query failed')
  return JSON.parse(out.trim().split('\n').at(-1))
}

/**
 * Starts the server on a fresh embedded database holding `count` applicants (registration IDs
 * HS-000000001 and up) and two rounds, and signs the admin in. `withSubmissions` adds submissions
 * (half the applicants to the first round, a quarter to the second), selections (an eighth) and
 * one activity item per applicant. The first start migrates and creates the admin;
 * the embedded directory is locked while the server runs, so it is stopped to seed with one SQL
 * statement, then started again.
 */
export async function seededServer(count, { withSubmissions = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hk-bench-'))
  const port = 3400 + Math.floor(Math.random() * 100)
  const base = `http://127.0.0.1:${port}`
  await (async () => {
    const first = spawnServer(dataDir, port)
    try {
      await waitHealthy(base)
    } finally {
      await stop(first)
    }
  })()
  const seed = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `
    const { openConfiguredDatabase } = await import('${join(root, 'apps/server/src/db/open.ts')}')
    const { loadConfig } = await import('${join(root, 'apps/server/src/config.ts')}')
    const opened = await openConfiguredDatabase(loadConfig({ DATA_DIR: '${dataDir}' }), () => {})
    const { sql } = await import('drizzle-orm')
    await opened.database.db.execute(sql\`insert into applicants (registration_id, name, email, mobile, student_id, course, year_of_graduation, college_name, status, created_at)
      select 'HS-' || lpad(g::text, 9, '0'), 'Applicant ' || g, 'applicant' || g || '@college.example', (9000000000 + g)::text, 'S' || g,
        'Computer Science Engineering', '2027', 'College ' || (g % 500), 'submitted', now() - (g || ' seconds')::interval
      from generate_series(1, ${count}) g\`)
    await opened.database.db.execute(sql\`insert into rounds (name, description) values ('Preliminary Ideas Submission Round', 'Ideas'), ('Prototype Submission and Selection Round', 'Prototypes')\`)
    if (${withSubmissions}) {
      await opened.database.db.execute(sql\`insert into submissions (applicant_id, round_id, github_url, status, submitted_at)
        select a.id, r.id, 'https://github.com/bench/repo', 'submitted', now()
          from applicants a cross join rounds r
         where (r.name like 'Preliminary%' and a.mobile::bigint % 2 = 0)
            or (r.name like 'Prototype%' and a.mobile::bigint % 4 = 0)\`)
      await opened.database.db.execute(sql\`update applicants set status = 'selected' where mobile::bigint % 8 = 0\`)
      await opened.database.db.execute(sql\`insert into activity (type, name, action, applicant_id, created_at)
        select 'registration', name, 'registered', id, created_at from applicants\`)
    }
    await opened.close()
  `,
    ],
    { cwd: root, stdio: 'inherit' },
  )
  if ((await new Promise((r) => seed.once('exit', r))) !== 0) throw new Error('seeding failed')
  const server = spawnServer(dataDir, port)
  await waitHealthy(base)
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  const cookie = login.headers.get('set-cookie').split(';')[0]
  return {
    base,
    cookie,
    pid: server.pid,
    dataDir,
    /** Stops the server and keeps its data, for counting rows afterwards (withDatabase). */
    stop: () => stop(server),
    async close() {
      await stop(server)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
