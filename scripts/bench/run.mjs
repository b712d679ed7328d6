#!/usr/bin/env node
// `npm run bench` (issue 12): every load scenario on the embedded database and, when one answers on
// 127.0.0.1:5432, on PostgreSQL, each driver on a fresh database filled by `npm run seed:demo`.
// Load comes from this second process on loopback (autocannon), side by side in the same run with
// the same server's trivial JSON route and an indexed lookup through its database. Prints every
// figure and writes docs/benchmarks.md with the machine, the commit and the date.
//   node scripts/bench/run.mjs [--applicants 100000] [--drivers pglite,postgres] [--seconds 5]
//     [--connections 50] [--registrations 3000] [--submitters 3000] [--sign-ins 500]
//     [--only references,browsing,signin,registration,submissions,export,upload,lighthouse]
//     [--out docs/benchmarks.md]
import { execSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as scenarios from './scenarios.mjs'
import {
  freshDatabase,
  numberArg,
  postgresAnswers,
  query,
  root,
  seedDemo,
  startServer,
  textArg,
} from './support.mjs'

const applicants = numberArg('--applicants', 100_000)
const seconds = numberArg('--seconds', 5)
const registrations = numberArg('--registrations', 3000)
const submitters = numberArg('--submitters', 3000)
const signIns = numberArg('--sign-ins', 500)
const out = textArg('--out', join(root, 'docs/benchmarks.md'))
const only = new Set(
  textArg(
    '--only',
    'references,browsing,signin,registration,submissions,export,upload,lighthouse',
  ).split(','),
)
const drivers = textArg(
  '--drivers',
  (await postgresAnswers()) ? 'pglite,postgres' : 'pglite',
).split(',')

// What protects a real event (per-address limits, resend pauses) would stop a load test made from
// one address; GitHub is not reachable from this machine, so submissions are not checked there.
const benchEnv = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  REGISTER_MAX_PER_ADDRESS_PER_HOUR: '100000000',
  OTP_MAX_PER_ADDRESS_PER_HOUR: '100000000',
  OTP_VERIFY_MAX_PER_ADDRESS_PER_HOUR: '100000000',
  OTP_RESEND_SECONDS: '0',
  GITHUB_VERIFY: 'off',
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20',
}

/**
 * After seeding: bearer sessions for the submitters (registered applicants: the benchmark's
 * rounds are the first stage, open to them), and everyone's IDs for the upload sheet.
 */
async function prepare(env) {
  const started = performance.now()
  await seedDemo(env, applicants)
  const seeded = (performance.now() - started) / 1000
  const tokens = (
    await query(
      env,
      `insert into applicant_sessions (applicant_id, token_hash, expires_at)
       select id, encode(sha256(convert_to('bench-' || id::text, 'UTF8')), 'hex'), now() + interval '1 day'
         from applicants where status = 'registered' order by id limit ${submitters}
       returning applicant_id`,
    )
  ).map((r) => `bench-${r.applicant_id}`)
  // The selection sheet decides in stage 1: about applicants who stand there (no record in a
  // later stage), the submitters aside (they take part in the benchmark's own rounds).
  const people = await query(
    env,
    `select a.id, a.registration_id, a.email, a.status from applicants a
      where not exists (select 1 from pipeline_entries e join rounds r on r.id = e.round_id
                         where e.applicant_id = a.id and r.position > (select min(position) from rounds))
        and a.id not in (${tokens.length ? tokens.map((t) => `'${t.slice('bench-'.length)}'`).join(',') : 'null'})
      order by a.registration_id`,
  )
  return { seeded, tokens, people }
}

async function runDriver(driver) {
  console.log(`\n== ${driver === 'pglite' ? 'embedded database (PGlite)' : 'PostgreSQL'} ==`)
  const database = await freshDatabase(driver)
  let prepared
  const server = await startServer(database, {
    env: benchEnv,
    prepare: async (env) => (prepared = await prepare(env)),
  })
  const rows = [
    {
      scenario: `seed:demo, ${applicants.toLocaleString('en')} applicants`,
      seconds: prepared.seeded,
    },
  ]
  const report = (list) => {
    for (const r of [list].flat()) {
      rows.push(r)
      console.log(`  ${line(r)}`)
    }
  }
  const smtp = await scenarios.startSmtp()
  try {
    if (only.has('references')) report(await scenarios.references(server, { seconds }))
    if (only.has('browsing')) report(await scenarios.browsing(server, { seconds }))
    if (only.has('signin')) {
      const emails = prepared.people
        .filter((p) => p.status === 'registered')
        .slice(0, signIns)
        .map((p) => p.email)
      report(await scenarios.signInBurst(server, { emails, smtp }))
    }
    let surge
    if (only.has('registration')) {
      ;[surge] = await scenarios.registrationSurge(server, { registrations })
      report(surge)
    }
    let deadline
    if (only.has('submissions')) {
      deadline = await scenarios.submissionSurges(server, { tokens: prepared.tokens })
      report({ scenario: 'POST /api/applicant/submit-stage (open round)', ...deadline.steady })
    }
    if (only.has('export')) report(await scenarios.exportAll(server, { applicants }))
    if (only.has('upload')) report(await scenarios.uploadSheet(server, { people: prepared.people }))
    // Counting needs the embedded directory free: the server stops first.
    await server.stop()
    if (surge) {
      const counts = await scenarios.countRegistrations(server.env, surge.tag)
      const fine = counts.applicants === surge.ok && counts.emails === surge.ok
      surge.note = `${surge.ok} answered 2xx, ${counts.applicants} stored, ${counts.emails} confirmation emails queued: ${fine ? 'nothing lost' : 'MISMATCH'}`
      surge.pass = fine
      console.log(`  ${surge.note}`)
    }
    if (deadline) report(await scenarios.judgeDeadline(server.env, deadline))
  } finally {
    await server.stop()
    await smtp.stop()
    await database.drop()
  }
  return rows
}

const ms = (n) => (n === undefined ? '' : `${Math.round(n)}`)
function line(r) {
  if (r.perSecond === undefined)
    return `${r.scenario}: ${r.seconds.toFixed(2)} s${r.peakMb ? `, server peak ${r.peakMb.toFixed(0)} MB (+${r.growthMb.toFixed(0)})` : ''}${r.note ? ` (${r.note})` : ''}`
  return `${r.scenario}: ${Math.round(r.perSecond)}/s, p50 ${ms(r.p50)} ms, p95 ${ms(r.p95)} ms, p99 ${ms(r.p99)} ms, ${r.errors} errors${r.note ? ` (${r.note})` : ''}`
}

const results = {}
const driverScenarios = [
  'references',
  'browsing',
  'signin',
  'registration',
  'submissions',
  'export',
  'upload',
]
if (driverScenarios.some((name) => only.has(name)))
  for (const driver of drivers) results[driver] = await runDriver(driver)

// The landing, registration and sign-in pages in Lighthouse (a server of their own), and the
// landing page's initial JavaScript as the build check measures it.
let lighthouse
if (only.has('lighthouse')) {
  const { runLighthouse, formatTable } = await import('./lighthouse.mjs')
  lighthouse = await runLighthouse({ runs: 3 })
  console.log(`\n${formatTable(lighthouse)}`)
}
const initialJs = (() => {
  try {
    const dist = join(root, 'apps/web/dist')
    const html = readFileSync(join(dist, 'index.html'), 'utf8')
    const scripts = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1])
    return scripts.reduce(
      (n, f) => n + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length,
      0,
    )
  } catch {
    return undefined
  }
})()

// ---- the report ----
const commit = (() => {
  try {
    const sha = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim()
    // The report itself does not count as a change.
    const dirty = execSync('git status --porcelain -- . ":(exclude)docs/benchmarks.md"', {
      cwd: root,
    })
      .toString()
      .trim()
    return dirty ? `${sha} (with uncommitted changes)` : sha
  } catch {
    return 'unknown'
  }
})()
const postgresVersion = drivers.includes('postgres')
  ? await (async () => {
      const pg = (await import('pg')).default
      const client = new pg.Client(
        `postgres://${process.env.PGUSER ?? 'postgres'}@127.0.0.1:5432/postgres`,
      )
      await client.connect()
      const { rows } = await client.query('show server_version')
      await client.end()
      return rows[0].server_version
    })()
  : null

const names = [...new Set(Object.values(results).flatMap((rows) => rows.map((r) => r.scenario)))]
const find = (driver, name) => results[driver]?.find((r) => r.scenario === name)
const cell = (r) =>
  !r
    ? '–'
    : r.perSecond !== undefined
      ? `${Math.round(r.perSecond).toLocaleString('en')}/s · ${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.p99)} ms · ${r.errors} err`
      : `${r.seconds.toFixed(2)} s${r.peakMb ? ` · peak ${r.peakMb.toFixed(0)} MB` : ''}`
const ratio = (a, b) => {
  if (!a || !b) return '–'
  if (a.perSecond !== undefined) return `${(b.perSecond / a.perSecond).toFixed(2)}x`
  return `${(a.seconds / b.seconds).toFixed(2)}x`
}
const health = (driver) => find(driver, 'GET /api/health (reference)')
const vsHealth = (driver, r) =>
  r?.perSecond !== undefined && health(driver)
    ? ` (${(r.perSecond / health(driver).perSecond).toFixed(2)}x health)`
    : ''

// Budgets of issue 12 (on PostgreSQL, the embedded database within 3x of it).
const budgetDriver = drivers.includes('postgres') ? 'postgres' : drivers[0]
const budgets = []
const check = (what, r, ok, measured) =>
  budgets.push({ what, measured: r ? measured(r) : 'not run', ok: r ? ok(r) : false })
check(
  'registration surge ≥ 1,000/s, p99 < 100 ms, 0 errors, nothing lost',
  find(budgetDriver, 'POST /api/register (surge)'),
  (r) => r.perSecond >= 1000 && r.p99 < 100 && r.errors === 0 && r.pass,
  (r) =>
    `${Math.round(r.perSecond)}/s, p99 ${ms(r.p99)} ms, ${r.errors} errors, ${r.pass ? 'nothing lost' : 'LOST'}`,
)
for (const name of names.filter((n) => /applicants, |dashboard: /.test(n)))
  check(
    `${name.replace(/^GET /, '')}: p95 < 50 ms`,
    find(budgetDriver, name),
    (r) => r.p95 < 50 && r.errors === 0,
    (r) => `p95 ${ms(r.p95)} ms`,
  )
check(
  'submissions ≥ 500/s, p99 < 200 ms',
  find(budgetDriver, 'POST /api/applicant/submit-stage (open round)'),
  (r) => r.perSecond >= 500 && r.p99 < 200 && r.errors === 0,
  (r) => `${Math.round(r.perSecond)}/s, p99 ${ms(r.p99)} ms, ${r.errors} errors`,
)
check(
  'deadline surge: none accepted after the end time, none lost before it',
  find(budgetDriver, 'POST /api/applicant/submit-stage across the end time'),
  (r) => r.pass,
  (r) => r.note,
)
const exportName = names.find((n) => n.startsWith('export of'))
check(
  'export of 100,000 applicants < 3 s',
  exportName && find(budgetDriver, exportName),
  (r) => r.seconds < 3,
  (r) => `${r.seconds.toFixed(2)} s`,
)
if (initialJs !== undefined)
  budgets.push({
    what: 'landing page initial JavaScript < 100 kB gzipped',
    measured: `${(initialJs / 1024).toFixed(1)} kB`,
    ok: initialJs < 100 * 1024,
  })
if (lighthouse)
  for (const page of lighthouse)
    budgets.push({
      what: `Lighthouse ${page.page}: performance ≥ 95, accessibility 100`,
      measured: `performance ${page.performance}, accessibility ${page.accessibility} (FCP ${page.fcpMs} ms, LCP ${page.lcpMs} ms, TBT ${page.tbtMs} ms)`,
      ok: page.performance >= 95 && page.accessibility === 100,
    })
if (results.pglite && results.postgres) {
  const slow = names
    .filter((n) => !n.startsWith('seed:'))
    .map((n) => ({ n, a: find('postgres', n), b: find('pglite', n) }))
    .filter(({ a, b }) => a && b)
    .map(({ n, a, b }) => ({
      n,
      times: a.perSecond !== undefined ? a.perSecond / b.perSecond : b.seconds / a.seconds,
    }))
    .filter(({ times }) => times > 3)
  budgets.push({
    what: 'PGlite within 3x of PostgreSQL on each scenario',
    measured: slow.length
      ? `slower by more than 3x: ${slow.map((s) => `${s.n} (${s.times.toFixed(1)}x)`).join('; ')}`
      : 'every scenario within 3x',
    ok: slow.length === 0,
  })
}

const md = `# Benchmarks

Written by \`npm run bench\` (scripts/bench/run.mjs, issue 12). Do not edit by hand: run it again.

- Date: ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC
- Commit: ${commit}
- Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}${postgresVersion ? `, PostgreSQL ${postgresVersion} on the same machine` : ''}
- Data: \`npm run seed:demo -- --applicants ${applicants}\` (seed 1) on a fresh database per driver
- Load: autocannon from a second process on loopback, ${50} connections, ${seconds} s per read scenario;
  ${registrations.toLocaleString('en')} registrations, ${submitters.toLocaleString('en')} distinct submitters (twice: an open round, then a round whose end time falls during the surge), ${signIns.toLocaleString('en')} sign-ins (codes read from a real SMTP server on loopback). Per-address limits raised for the run (one client address); GitHub checks off (no network here).
- Latencies are exact percentiles of every answer (p50 / p95 / p99); ratios compare two figures of the same run.

## Results

| Scenario | ${drivers.map((d) => (d === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL')).join(' | ')}${results.pglite && results.postgres ? ' | PGlite vs PostgreSQL' : ''} |
|---|${drivers.map(() => '---|').join('')}${results.pglite && results.postgres ? '---|' : ''}
${names
  .map(
    (n) =>
      `| ${n} | ${drivers.map((d) => `${cell(find(d, n))}${vsHealth(d, find(d, n))}`).join(' | ')}${
        results.pglite && results.postgres
          ? ` | ${ratio(find('postgres', n), find('pglite', n))}`
          : ''
      } |`,
  )
  .join('\n')}

Notes:
${names
  .flatMap((n) =>
    drivers
      .map((d) => ({ d, r: find(d, n) }))
      .filter(({ r }) => r?.note)
      .map(({ d, r }) => `- ${n} (${d}): ${r.note}`),
  )
  .join('\n')}
${names
  .flatMap((n) =>
    drivers
      .map((d) => ({ d, r: find(d, n) }))
      .filter(({ r }) => r?.failures && Object.keys(r.failures).length)
      .map(
        ({ d, r }) =>
          `- ${n} (${d}) failures: ${Object.entries(r.failures)
            .map(([k, v]) => `${v} × ${k}`)
            .join('; ')}`,
      ),
  )
  .join('\n')}

## Budgets (${budgetDriver === 'postgres' ? 'PostgreSQL' : 'PGlite only'}, 50 connections)

| Budget | Measured | Met |
|---|---|---|
${budgets.map((b) => `| ${b.what} | ${b.measured} | ${b.ok ? 'yes' : '**no**'} |`).join('\n')}

The measured cause of each budget missed is in docs/decisions/015-performance.md ("Budgets missed").
`
writeFileSync(out, md)
console.log(`\n${md}`)
console.log(`written to ${out}`)
