#!/usr/bin/env node
// `npm run bench:memory` (issue 21, item 9; docs/decisions/029-embedded-memory.md): does the
// embedded server's memory level off under steady load, and what bounds it? One seeded database is
// copied for each page-cache size (EMBEDDED_SHARED_BUFFERS_MB) and the servers run side by side
// under the same load, so the noisy machine slows them alike. Every 15 s it prints each server's
// resident memory, the WebAssembly memory PGlite holds (from /api/metrics) and the list latency of
// that window; then the servers sit idle and are sampled again.
//   node scripts/bench/memory.mjs [--buffers 128,32] [--minutes 6] [--idle-seconds 60]
//     [--applicants 20000] [--loops 3]
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { numberArg, rssMb, seedDemo, startServer, textArg } from './support.mjs'

const buffers = textArg('--buffers', '128,32').split(',').map(Number)
const minutes = numberArg('--minutes', 6)
const idleSeconds = numberArg('--idle-seconds', 60)
const applicants = numberArg('--applicants', 20_000)
const loops = numberArg('--loops', 3)

// One address makes all the load: the per-address limits of a real event would stop it.
const loadEnv = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  REGISTER_MAX_PER_ADDRESS_PER_HOUR: '100000000',
}
const SURNAMES = ['sharma', 'patel', 'mehta', 'iyer', 'khan', 'reddy', 'das', 'singh']
const mb = (bytes) => Math.round(bytes / 1048576)

// One seeded directory, copied for each server, so they start from the same pages.
const seeded = mkdtempSync(join(tmpdir(), 'hk-memory-'))
const seedEnv = { DATA_DIR: seeded, DATABASE_URL: '' }
console.log(`Seeding ${applicants.toLocaleString('en')} applicants…`)
const prepared = await startServer({ env: seedEnv }, { prepare: (env) => seedDemo(env, applicants) })
await prepared.stop()

const servers = []
for (const size of buffers) {
  const dir = mkdtempSync(join(tmpdir(), `hk-memory-${size}-`))
  cpSync(seeded, dir, { recursive: true })
  rmSync(join(dir, 'server.pid.lock'), { recursive: true, force: true })
  const server = await startServer(
    { env: { DATA_DIR: dir, DATABASE_URL: '' } },
    { env: { ...loadEnv, EMBEDDED_SHARED_BUFFERS_MB: String(size) } },
  )
  servers.push({ size, dir, server, latencies: [], requests: 0, errors: 0 })
}

async function embeddedBytes(s) {
  const text = await fetch(`${s.server.base}/api/metrics`, {
    headers: { cookie: s.server.cookie },
  }).then((r) => r.text())
  return Number(/^embedded_database_memory_bytes (\d+)/m.exec(text)?.[1] ?? NaN)
}

// The load: each loop registers a new applicant, then reads a varied applicants page, a search and
// the dashboard's figures, as a busy organizer and a stream of students would.
let n = 0
async function loop(s, until) {
  while (Date.now() < until) {
    const i = n++
    const calls = [
      [
        '/api/register',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Memory Student ${i}`,
            email: `memory.${s.size}.${i}@students.example`,
            mobile: String(8_000_000_000 + i),
            studentId: `MEM-${i}`,
            course: 'Computer Science Engineering',
            yearOfGraduation: '2027',
            collegeName: `Memory College ${i % 300}`,
            linkedinProfile: '',
          }),
        },
      ],
      [`/api/applicants?page=${1 + (i % 400)}&limit=50`, { headers: { cookie: s.server.cookie } }],
      [
        `/api/applicants?search=${SURNAMES[i % SURNAMES.length]}.${i % 1000}&page=1&limit=50`,
        { headers: { cookie: s.server.cookie } },
      ],
      ['/api/stage-stats', { headers: { cookie: s.server.cookie } }],
    ]
    for (const [path, init] of calls) {
      const started = performance.now()
      const ok = await fetch(`${s.server.base}${path}`, init).then(
        async (r) => (await r.arrayBuffer(), r.ok),
        () => false,
      )
      if (path.startsWith('/api/applicants')) s.latencies.push(performance.now() - started)
      s.requests++
      if (!ok) s.errors++
    }
  }
}

const p95 = (values) => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]
}

const header = servers
  .map((s) => `${s.size} MB: RSS | wasm | list p95 | req`.padEnd(40))
  .join(' || ')
console.log(`\n  time   || ${header}`)
async function sample(label) {
  const cells = []
  for (const s of servers) {
    const wasm = await embeddedBytes(s)
    const figures = `${Math.round(rssMb(s.server.pid))} MB | ${mb(wasm)} MB | ${Math.round(p95(s.latencies))} ms | ${s.requests}`
    cells.push(figures.padEnd(40))
    s.samples = [...(s.samples ?? []), { label, rss: rssMb(s.server.pid), wasm: mb(wasm) }]
    s.latencies = []
    s.requests = 0
  }
  console.log(`  ${label.padEnd(6)} || ${cells.join(' || ')}`)
}

await sample('0 s')
const until = Date.now() + minutes * 60_000
const work = servers.flatMap((s) => Array.from({ length: loops }, () => loop(s, until)))
const timer = setInterval(() => {
  const seconds = Math.round((Date.now() - (until - minutes * 60_000)) / 1000)
  sample(`${seconds} s`)
}, 15_000)
await Promise.all(work)
clearInterval(timer)
await sample('end')
for (let waited = 0; waited < idleSeconds; waited += 15) {
  await new Promise((r) => setTimeout(r, 15_000))
  await sample(`idle ${waited + 15}`)
}

console.log('\nSummary (MB):')
for (const s of servers) {
  const rss = s.samples.map((x) => x.rss)
  const half = rss.slice(Math.floor(rss.length / 2))
  console.log(
    `  shared_buffers ${s.size} MB: RSS start ${Math.round(rss[0])}, max ${Math.round(Math.max(...rss))}, ` +
      `second half ${Math.round(Math.min(...half))}-${Math.round(Math.max(...half))}; ` +
      `wasm start ${s.samples[0].wasm}, end ${s.samples.at(-1).wasm}; errors ${s.errors}`,
  )
}
for (const s of servers) {
  await s.server.stop()
  rmSync(s.dir, { recursive: true, force: true })
}
rmSync(seeded, { recursive: true, force: true })
