#!/usr/bin/env node
// Benchmark: the server's memory while it exports N applicants as CSV (issue 8: < 100 MB growth
// for 100,000). Seeds a fresh embedded database, starts the real server on it, samples the server
// process's resident memory (/proc/<pid>/status VmRSS) every 20 ms, and prints the figures side by
// side with the same server's idle baseline measured in the same run.
//   node scripts/bench/export-memory.mjs [--applicants 100000]
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const count = Number(process.argv[process.argv.indexOf('--applicants') + 1] || 100_000)
const dataDir = mkdtempSync(join(tmpdir(), 'hk-bench-export-'))
const port = 3400 + Math.floor(Math.random() * 100)
const base = `http://127.0.0.1:${port}`
const admin = { email: 'bench@example.org', password: 'bench-password' }

const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024

function startServer() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/main.ts')],
    {
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
    },
  )
  return child
}

async function waitHealthy() {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

const server = startServer()
try {
  await waitHealthy()
  // The first start migrates and creates the admin; the embedded directory is locked while the
  // server runs, so it is stopped to seed with one SQL statement, then started again.
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
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
        'Computer Science Engineering', '2027', 'College ' || (g % 500), 'registered', now() - (g || ' seconds')::interval
      from generate_series(1, ${count}) g\`)
    await opened.close()
  `,
    ],
    { cwd: root, stdio: 'inherit' },
  )
  const seeded = await new Promise((r) => seed.once('exit', r))
  if (seeded !== 0) throw new Error('seeding failed')

  const running = startServer()
  await waitHealthy()
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  const cookie = login.headers.get('set-cookie').split(';')[0]
  const idle = rssMb(running.pid)
  let peak = idle
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(running.pid))), 20)
  const started = performance.now()
  const res = await fetch(`${base}/api/admin/export-applicants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: '{}',
  })
  let bytes = 0
  let lines = 0
  for await (const chunk of res.body) {
    bytes += chunk.length
    for (const b of chunk) if (b === 10) lines++
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  if (lines - 1 !== count) throw new Error(`expected ${count} rows, received ${lines - 1}`)
  running.kill('SIGTERM')
  await new Promise((r) => running.once('exit', r))
  console.log(`export of ${count.toLocaleString('en')} applicants (embedded database)`)
  console.log(`  rows received       ${(lines - 1).toLocaleString('en')}`)
  console.log(`  size                ${(bytes / 1024 / 1024).toFixed(1)} MB`)
  console.log(
    `  time                ${seconds.toFixed(2)} s (${Math.round(count / seconds).toLocaleString('en')} rows/s)`,
  )
  console.log(`  server RSS idle     ${idle.toFixed(0)} MB`)
  console.log(`  server RSS peak     ${peak.toFixed(0)} MB`)
  console.log(
    `  growth              ${(peak - idle).toFixed(0)} MB (budget 100 MB; ratio to idle ${(peak / idle).toFixed(2)}x)`,
  )
} finally {
  if (server.exitCode === null) server.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
}
