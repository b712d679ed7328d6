#!/usr/bin/env node
// Benchmark: the dashboard calls (issue 9) at 100,000 applicants on the embedded database, side by
// side with the health check of the same server in the same run (the floor of any call: routing,
// auth, JSON). Each call is made 20 times after 3 warm-ups; the median and the slowest are printed.
//   node scripts/bench/dashboard.mjs [--applicants 100000]
import { numberArg, seededServer } from './support.mjs'

const count = numberArg('--applicants', 100_000)
const runs = 20
const { base, cookie, close } = await seededServer(count, { withSubmissions: true })

async function measure(path) {
  const once = async () => {
    const started = performance.now()
    const res = await fetch(`${base}${path}`, { headers: { cookie } })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${path}: ${res.status}`)
    return performance.now() - started
  }
  for (let i = 0; i < 3; i++) await once()
  const times = []
  for (let i = 0; i < runs; i++) times.push(await once())
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(runs / 2)], max: times.at(-1) }
}

try {
  const results = []
  for (const path of [
    '/api/health',
    '/api/rounds',
    '/api/stage-stats',
    '/api/recent-activity',
    '/api/dashboard-charts',
    '/api/applicants?status=submitted&limit=50&page=1',
  ])
    results.push({ path, ...(await measure(path)) })
  const floor = results[0].median
  console.log(`dashboard calls at ${count.toLocaleString('en')} applicants (embedded database)`)
  console.log('  call                                              median     slowest   vs health')
  for (const r of results)
    console.log(
      `  ${r.path.padEnd(48)} ${r.median.toFixed(1).padStart(7)} ms ${r.max.toFixed(1).padStart(8)} ms ${(r.median / floor).toFixed(1).padStart(8)}x`,
    )
} finally {
  await close()
}
