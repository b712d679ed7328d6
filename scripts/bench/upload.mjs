#!/usr/bin/env node
// Benchmark: a 100,000-row selection sheet (issue 8) going into the real server on the embedded
// database, as xlsx and as csv, side by side in one run: file size, time to check (dry run) and
// to apply, and the server's memory growth over its idle baseline. Half the rows select (each
// queues a confirmation link and an email in the same transaction), half do not.
//   node scripts/bench/upload.mjs [--rows 100000]
import ExcelJS from 'exceljs'
import { numberArg, peakSampler, seededServer } from './support.mjs'

const rows = numberArg('--rows', 100_000)
const header = ['ApplicantID', 'RegistrationID', 'Current Stage', 'Status', 'Next Stage']
const line = (g) => [
  '',
  `HS-${String(g).padStart(9, '0')}`,
  'stage1',
  g % 2 ? 'Selected' : 'Not Selected',
  g % 2 ? 'stage2' : '',
]

const csv = Buffer.from(
  [header, ...Array.from({ length: rows }, (_, i) => line(i + 1))]
    .map((r) => r.join(','))
    .join('\r\n'),
)
const book = new ExcelJS.Workbook()
const sheet = book.addWorksheet('Applicant Selection')
sheet.addRow(header)
for (let g = 1; g <= rows; g++) sheet.addRow(line(g))
const xlsx = Buffer.from(await book.xlsx.writeBuffer())

const { base, cookie, pid, close } = await seededServer(rows)
async function upload(name, data, dryRun) {
  const form = new FormData()
  form.append('file', new Blob([data]), name)
  const sampler = peakSampler(pid)
  const started = performance.now()
  const res = await fetch(`${base}/api/applicant-selection/upload${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  const body = await res.json()
  const seconds = (performance.now() - started) / 1000
  const growth = sampler.stop() - sampler.idle
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${body.message}`)
  return { seconds, growth, body }
}

try {
  const results = []
  for (const [name, data] of [
    ['selection.xlsx', xlsx],
    ['selection.csv', csv],
  ]) {
    const check = await upload(name, data, true)
    if (check.body.updated !== rows) throw new Error(`dry run saw ${check.body.updated} changes`)
    results.push({ what: `check ${name}`, size: data.length, ...check })
  }
  const apply = await upload('selection.xlsx', xlsx, false)
  if (apply.body.updated !== rows) throw new Error(`applied ${apply.body.updated} of ${rows}`)
  results.push({ what: 'apply selection.xlsx', size: xlsx.length, ...apply })
  const again = await upload('selection.csv', csv, true)
  if (again.body.unchanged !== rows) throw new Error('the applied sheet does not read as unchanged')
  results.push({ what: 'check again (no changes)', size: csv.length, ...again })

  console.log(`selection upload of ${rows.toLocaleString('en')} rows (embedded database)`)
  console.log('  what                        size     time     rows/s   RSS growth')
  const first = results[0].seconds
  for (const r of results)
    console.log(
      `  ${r.what.padEnd(26)} ${(r.size / 1024 / 1024).toFixed(1).padStart(5)} MB ${r.seconds.toFixed(2).padStart(6)} s ${Math.round(
        rows / r.seconds,
      )
        .toLocaleString('en')
        .padStart(
          9,
        )} ${r.growth.toFixed(0).padStart(6)} MB   (${(r.seconds / first).toFixed(2)}x the xlsx check)`,
    )
} finally {
  await close()
}
