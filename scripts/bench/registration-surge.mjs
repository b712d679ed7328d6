#!/usr/bin/env node
// Scenario (issue 12): a registration surge. Unique applicants POST /api/register from a second
// process (autocannon) on loopback, side by side in the same run with the same server's trivial
// JSON route (GET /api/health) as the reference. Afterwards the server is stopped and the rows
// are counted: applicants and queued emails must equal the 2xx answers (nothing lost).
//   node scripts/bench/registration-surge.mjs [--registrations 2000] [--connections 50] [--seconds 10]
import autocannon from 'autocannon'
import { numberArg, queryStopped, seededServer } from './support.mjs'

const seconds = numberArg('--seconds', 10)
const connections = numberArg('--connections', 50)
// A fixed number of registrations, so every answer is counted (a timed run drops those in flight).
const registrations = numberArg('--registrations', 2000)
// The limits that protect a real event would stop a load test from one address.
process.env.REGISTER_MAX_PER_ADDRESS_PER_HOUR = '100000000'
process.env.RATE_LIMIT_PER_MINUTE = '100000000'

const run = (options) =>
  new Promise((resolve, reject) =>
    autocannon({ connections, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  )
const row = (name, r) =>
  `  ${name.padEnd(26)} ${String(Math.round(r.requests.average)).padStart(8)}/s ${String(r.latency.p50).padStart(6)} ${String(r.latency.p97_5 ?? r.latency.p95).padStart(6)} ${String(r.latency.p99).padStart(6)} ms ${String(r.non2xx + r.errors).padStart(7)}`

const server = await seededServer(1)
let counter = 0
try {
  const reference = await run({ url: `${server.base}/api/health`, duration: seconds })
  const surge = await run({
    url: `${server.base}/api/register`,
    amount: registrations,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const n = counter++
          return {
            ...request,
            body: JSON.stringify({
              name: `Surge Student ${n}`,
              email: `surge.${n}@students.example`,
              mobile: String(8_000_000_000 + n),
              studentId: `SURGE-${n}`,
              course: 'Computer Science Engineering',
              yearOfGraduation: '2027',
              collegeName: `Surge College ${n % 300}`,
              linkedinProfile: '',
            }),
          }
        },
      },
    ],
  })
  await server.stop()
  const [counts] = await queryStopped(
    server.dataDir,
    "select (select count(*) from applicants where email like 'surge.%')::int as applicants, (select count(*) from email_messages where template = 'registration-confirmation')::int as emails",
  )
  console.log(
    `registration surge: ${registrations} registrations over ${connections} connections; reference ${seconds} s (embedded database)`,
  )
  console.log('  scenario                    requests   p50    p95    p99      non-2xx')
  console.log(row('GET /api/health (reference)', reference))
  console.log(row('POST /api/register', surge))
  console.log(
    `  ratio to reference: ${(surge.requests.average / reference.requests.average).toFixed(3)}x throughput`,
  )
  console.log(
    `  2xx answers ${surge['2xx']}, applicants stored ${counts.applicants}, confirmation emails queued ${counts.emails}: ${surge['2xx'] === counts.applicants && counts.applicants === counts.emails ? 'nothing lost' : 'MISMATCH'}`,
  )
} finally {
  await server.close()
}
