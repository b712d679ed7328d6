#!/usr/bin/env node
// Benchmark: the server's memory while it exports N applicants as CSV (issue 8: < 100 MB growth
// for 100,000). Seeds a fresh embedded database, starts the real server on it, samples the server
// process's resident memory (/proc/<pid>/status VmRSS) every 20 ms, and prints the figures side by
// side with the same server's idle baseline measured in the same run.
//   node scripts/bench/export-memory.mjs [--applicants 100000]
import { numberArg, peakSampler, seededServer } from './support.mjs'

const count = numberArg('--applicants', 100_000)

const { base, cookie, pid, close } = await seededServer(count)
try {
  const sampler = peakSampler(pid)
  const idle = sampler.idle
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
  const peak = sampler.stop()
  if (lines - 1 !== count) throw new Error(`expected ${count} rows, received ${lines - 1}`)
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
  await close()
}
