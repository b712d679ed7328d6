// The load scenarios of issue 12, each against a server started by support.mjs on a database that
// `npm run seed:demo` filled. Each returns rows for the report: { scenario, ...load figures, note }.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { eventually, load, peakSampler, query, root } from './support.mjs'

const json = { 'content-type': 'application/json' }
// Surnames of the demo data (apps/server/src/cli/seed-demo.ts).
const SURNAMES = [
  'sharma',
  'verma',
  'iyer',
  'nair',
  'khan',
  'das',
  'reddy',
  'patel',
  'gupta',
  'singh',
]

async function api(server, method, path, body) {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { cookie: server.cookie, ...(body ? json : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`)
  return text ? JSON.parse(text) : undefined
}

/** The same server's floors: its trivial JSON route, and an indexed lookup through the database. */
export async function references(server, { seconds }) {
  const health = await load({ url: `${server.base}/api/health`, duration: seconds })
  const lookup = await load({
    url: `${server.base}/api/auth/user`,
    headers: { cookie: server.cookie },
    duration: seconds,
  })
  return [
    { scenario: 'GET /api/health (reference)', ...health },
    { scenario: 'GET /api/auth/user (reference: session lookup)', ...lookup },
  ]
}

/** Staff browsing at 100,000 applicants: the list, a deep page, a search, a filter, the dashboard. */
export async function browsing(server, { seconds }) {
  const calls = [
    ['applicants, page 1', '/api/applicants?page=1&limit=50'],
    ['applicants, page 1,000', '/api/applicants?page=1000&limit=50'],
    // A different fragment each time (a surname and a number: a few to a few hundred matches),
    // so no answer is reused.
    [
      'applicants, search (varied fragments)',
      '/api/applicants?search=mehta.1&page=1&limit=50',
      (i) =>
        `/api/applicants?search=${SURNAMES[i % SURNAMES.length]}.${Math.floor(i / SURNAMES.length) % 1000}&page=1&limit=50`,
    ],
    ['applicants, status selected', '/api/applicants?status=selected&page=1&limit=50'],
    ['dashboard: rounds', '/api/rounds'],
    ['dashboard: stage-stats', '/api/stage-stats'],
    ['dashboard: recent-activity', '/api/recent-activity'],
    ['dashboard: dashboard-charts', '/api/dashboard-charts'],
  ]
  const rows = []
  for (const [name, path, paths] of calls)
    rows.push({
      scenario: `GET ${name}`,
      ...(await load({
        url: `${server.base}${path}`,
        path: paths,
        headers: { cookie: server.cookie },
        duration: seconds,
      })),
    })
  return rows
}

/** Unique applicants POST /api/register; afterwards rows and queued emails equal the 2xx answers. */
export async function registrationSurge(server, { registrations }) {
  const tag = `surge${Date.now().toString(36)}`
  const result = await load({
    url: `${server.base}/api/register`,
    method: 'POST',
    amount: registrations,
    body: (n) => ({
      name: `Surge Student ${n}`,
      email: `${tag}.${n}@students.example`,
      mobile: String(7_000_000_000 + n),
      studentId: `SURGE-${n}`,
      course: 'Computer Science Engineering',
      yearOfGraduation: '2027',
      collegeName: `Surge College ${n % 300}`,
      linkedinProfile: '',
    }),
  })
  return [{ scenario: 'POST /api/register (surge)', tag, ...result }]
}

/** Counts what a registration surge stored (run with the server stopped for PGlite). */
export async function countRegistrations(env, tag) {
  const [counts] = await query(
    env,
    `select (select count(*) from applicants where email like '${tag}.%')::int as applicants,
            (select count(*) from email_messages where template = 'registration-confirmation'
                and "to" like '${tag}.%')::int as emails`,
  )
  return counts
}

/**
 * A round of the benchmark: the first stage (so it is open to every registered applicant, the
 * submitters), asking for a demo link as a required answer, as a real round would.
 */
const roundBody = (name, endTime) => ({
  name,
  description: `Made by the benchmark: ${name}`,
  status: 'active',
  startTime: new Date(Date.now() - 60_000).toISOString(),
  endTime: endTime.toISOString(),
  requirements: [{ description: 'Demo video', kind: 'link', required: true }],
  prizes: [],
  position: 1,
})

/**
 * Submissions: first a steady surge into a round that stays open (throughput), then thousands of
 * distinct applicants across a round's end time (none accepted after it, none lost before it).
 */
export async function submissionSurges(server, { tokens }) {
  const submit = (round, onAnswer) =>
    load({
      url: `${server.base}/api/applicant/submit-stage`,
      method: 'POST',
      amount: tokens.length,
      body: (i) => ({
        stageId: round.id,
        githubUrl: `https://github.com/bench-${i}/solution`,
        documents: [],
        answers: [
          { requirementId: round.requirements[0].id, url: `https://video.example/bench-${i}` },
        ],
      }),
      perRequestHeaders: (i) => ({ authorization: `Bearer ${tokens[i]}` }),
      onAnswer,
    })
  const open = await api(
    server,
    'POST',
    '/api/rounds',
    roundBody(`Bench open round ${Date.now()}`, new Date(Date.now() + 86_400_000)),
  )
  const steady = await submit(open)
  // The same submitters again: the first round must be theirs alone, so the open one goes.
  await api(server, 'DELETE', `/api/rounds/${open.id}?force=true`)

  // The end time falls a third of the way through, judged from the steady surge's pace.
  const endsIn = Math.max(1_000, Math.round(((tokens.length / steady.perSecond) * 1000) / 3))
  const body = roundBody(`Bench closing round ${Date.now()}`, new Date(Date.now() + endsIn))
  const closing = await api(server, 'POST', '/api/rounds', body)
  const endTime = new Date(closing.endTime).getTime()
  const answers = []
  const across = await submit(closing, (i, status, body, at) =>
    answers.push({ i, status, body, at }),
  )
  // Last again, so the seeded rounds are stages 1 to 4 for the scenarios that follow.
  await api(server, 'PUT', `/api/rounds/${closing.id}`, {
    ...body,
    requirements: closing.requirements,
    position: 1000,
  })
  return { steady, across, closing, endTime, answers }
}

/** Judges the deadline surge from its answers and the rows stored. */
export async function judgeDeadline(env, { across, closing, endTime, answers }) {
  const [stored] = await query(
    env,
    `select count(*)::int as rows,
            count(*) filter (where submitted_at >= '${new Date(endTime).toISOString()}')::int as late
       from submissions where round_id = '${closing.id}'`,
  )
  const accepted = answers.filter((a) => a.status < 300).length
  const refusedAfter = answers.filter(
    (a) => a.status === 403 && JSON.parse(a.body).message.includes('expired'),
  ).length
  // Answered before the end time yet refused: lost (the clock of this process and the database's are one machine's).
  const lostBefore = answers.filter((a) => a.status >= 300 && a.at < endTime - 50).length
  const other = answers.length - accepted - refusedAfter
  // A request abandoned by the client may still have been accepted: stored, never answered.
  const unanswered = across.requests === 0 ? 0 : across.timeouts
  const pass =
    stored.late === 0 &&
    lostBefore === 0 &&
    other === 0 &&
    stored.rows >= accepted &&
    stored.rows - accepted <= unanswered
  return {
    scenario: 'POST /api/applicant/submit-stage across the end time',
    ...across,
    note: `${accepted} accepted, ${refusedAfter} refused as past the deadline, ${other} other answers, ${unanswered} unanswered; ${stored.rows} stored, ${stored.late} stored after the end time, ${lostBefore} refused before it: ${
      pass ? 'none late, none lost' : 'MISMATCH'
    }`,
    pass,
  }
}

/** Starts the test SMTP server of the journeys as a process; its HTTP side lists what arrived. */
export async function startSmtp() {
  const smtpPort = 3450 + Math.floor(Math.random() * 40)
  const httpPort = smtpPort + 40
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/test/support/smtp-server-main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        SMTP_TEST_PORT: String(smtpPort),
        SMTP_TEST_HTTP_PORT: String(httpPort),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const messages = () =>
    fetch(`http://127.0.0.1:${httpPort}/messages`).then(
      (r) => r.json(),
      () => null,
    )
  await eventually(messages, 20_000, 'the test SMTP server')
  return {
    port: smtpPort,
    messages,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}

/** Applicants ask for a code (send-otp), read it from the email, and sign in with it (verify-otp). */
export async function signInBurst(server, { emails, smtp }) {
  await api(server, 'POST', '/api/admin/email-settings', {
    enableEmails: true,
    emailService: 'custom',
    emailHost: '127.0.0.1',
    emailPort: String(smtp.port),
    emailUser: 'mailer@example.org',
    emailPass: 'smtp-password',
    fromEmail: 'bench@example.org',
  })
  const sent = await load({
    url: `${server.base}/api/applicant/send-otp`,
    method: 'POST',
    amount: emails.length,
    body: (i) => ({ identifier: emails[i] }),
  })
  const started = performance.now()
  const wanted = new Set(emails)
  const codes = await eventually(
    async () => {
      const found = new Map()
      for (const m of (await smtp.messages()) ?? []) {
        const code = /\b(\d{6})\b/.exec(m.text ?? '')?.[1]
        const to = m.to.find((t) => wanted.has(t))
        if (code && to) found.set(to, code)
      }
      return found.size === emails.length ? found : null
    },
    300_000,
    `${emails.length} sign-in codes by email`,
  )
  const delivered = (performance.now() - started) / 1000
  const verified = await load({
    url: `${server.base}/api/applicant/verify-otp`,
    method: 'POST',
    amount: emails.length,
    body: (i) => ({ identifier: emails[i], otp: codes.get(emails[i]) }),
  })
  return [
    { scenario: 'POST /api/applicant/send-otp (burst)', ...sent },
    {
      scenario: 'POST /api/applicant/verify-otp (burst)',
      ...verified,
      note: `all ${emails.length} codes arrived by SMTP ${delivered.toFixed(1)} s after the last request`,
    },
  ]
}

/** The CSV export of every applicant: time and the server's peak memory. */
export async function exportAll(server, { applicants }) {
  const sampler = peakSampler(server.pid)
  const started = performance.now()
  const res = await fetch(`${server.base}/api/admin/export-applicants`, {
    method: 'POST',
    headers: { ...json, cookie: server.cookie },
    body: '{}',
  })
  let lines = 0
  let bytes = 0
  for await (const chunk of res.body) {
    bytes += chunk.length
    for (const b of chunk) if (b === 10) lines++
  }
  const seconds = (performance.now() - started) / 1000
  const peak = sampler.stop()
  if (lines - 1 < applicants) throw new Error(`export: ${lines - 1} rows for ${applicants}`)
  return {
    scenario: `export of ${(lines - 1).toLocaleString('en')} applicants (CSV)`,
    seconds,
    peakMb: peak,
    growthMb: peak - sampler.idle,
    note: `${(bytes / 1024 / 1024).toFixed(1)} MB`,
  }
}

/**
 * A selection sheet just under the 10 MB limit (CSV: both IDs per row, every seeded applicant
 * once, a tenth 'Selected'), checked (dry run) and applied: time and the server's peak memory.
 */
export async function uploadSheet(server, { people }) {
  const header = 'ApplicantID,RegistrationID,Current Stage,Status,Next Stage,Notes\r\n'
  const lines = people.map(
    (p, i) =>
      `${p.id},${p.registration_id},stage1,${i % 10 === 0 ? 'Selected,stage2' : 'Not Selected,'},`,
  )
  // Fill each line's note so the file is 10,000,000 bytes or just under (the limit is 10 MiB).
  const base = Buffer.byteLength(header) + lines.reduce((n, l) => n + l.length + 2, 0)
  const pad = Math.max(0, Math.floor((10_000_000 - base) / lines.length))
  const csv = Buffer.from(header + lines.map((l) => `${l}${'x'.repeat(pad)}\r\n`).join(''))
  const rows = []
  for (const dryRun of [true, false]) {
    const form = new FormData()
    form.append('file', new Blob([csv]), 'selection.csv')
    const sampler = peakSampler(server.pid)
    const started = performance.now()
    const res = await fetch(
      `${server.base}/api/applicant-selection/upload${dryRun ? '?dryRun=true' : ''}`,
      { method: 'POST', headers: { cookie: server.cookie }, body: form },
    )
    const body = await res.json()
    const seconds = (performance.now() - started) / 1000
    const peak = sampler.stop()
    if (res.status !== 200) throw new Error(`upload: ${res.status} ${body.message}`)
    rows.push({
      scenario: `upload ${(csv.length / 1_000_000).toFixed(1)} MB selection sheet, ${dryRun ? 'check (dry run)' : 'apply'}`,
      seconds,
      peakMb: peak,
      growthMb: peak - sampler.idle,
      note: `${people.length.toLocaleString('en')} rows, ${body.updated.toLocaleString('en')} changes, ${body.unchanged.toLocaleString('en')} unchanged`,
    })
  }
  return rows
}
