import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../../src/config.js'
import { rowsOf, type Db } from '../../src/db/client.js'
import { openConfiguredDatabase } from '../../src/db/open.js'
import { eventually } from './eventually.js'
import { postJson, staffCookie } from './http.js'
import { startServerProcess } from './server-process.js'
import type { TestSmtpServer } from './smtp-server.js'

/** Runs `npm run backup` / `npm run restore` as the README gives them, with `env`. */
export function backupCli(args: string[], env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '../../src/cli/backup.ts'), ...args],
    { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 },
  )
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

/** The configured database (`env` as the CLI gets it), opened for `work` and closed again. */
export async function withDatabase<T>(env: Record<string, string>, work: (db: Db) => Promise<T>) {
  const opened = await openConfiguredDatabase(loadConfig(env), () => {})
  try {
    return await work(opened.database.db)
  } finally {
    await opened.close()
  }
}

/** Adds a round named `name`: the row a backup must keep or a restore must undo. */
export const addRound = (db: Db, name: string) =>
  db.execute(sql`insert into rounds (name, description) values (${name}, 'A round')`)

/** The rounds' names, in order. */
export const roundNames = (db: Db) =>
  rowsOf<{ name: string }>(db, sql`select name from rounds order by name`).then((rows) =>
    rows.map((r) => r.name),
  )

/** A TCP port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export const BACKUP_ADMIN = { email: 'backup-admin@example.org', password: 'Backup-Admin-Pass-1' }

/**
 * The real server as a process with `env` (its database), until `work` is done: used, as a
 * platform is (pg-boss makes its tables and jobs), before a backup, and started again after a
 * restore.
 */
export async function withServer<T>(
  dataDir: string,
  env: Record<string, string>,
  work: (base: string) => Promise<T>,
): Promise<T> {
  const port = await freePort()
  const server = await startServerProcess({
    dataDir,
    port,
    capture: true,
    env: {
      ADMIN_EMAIL: BACKUP_ADMIN.email,
      ADMIN_PASSWORD: BACKUP_ADMIN.password,
      EMAIL_POLL_SECONDS: '0.5',
      ...env,
    },
  })
  try {
    return await work(`http://127.0.0.1:${port}`)
  } finally {
    await server.stop()
  }
}

/** Points the platform at `smtp`, the password stored sealed, as an admin does on the settings page. */
export async function saveSmtpSettings(base: string, smtp: TestSmtpServer) {
  const cookie = await staffCookie(base, BACKUP_ADMIN)
  const res = await postJson(base, '/api/admin/email-settings', smtp.settings(), { cookie })
  if (res.status !== 200) throw new Error(`saving email settings: ${res.status}`)
}

/**
 * Registers someone new and waits for their confirmation email to reach `smtp`: the platform
 * sends email with the SMTP password it has stored. Resolves to the registrant's address.
 */
export async function registerAndReceive(base: string, smtp: TestSmtpServer, label: string) {
  const tag = randomBytes(4).toString('hex')
  const email = `${label}.${tag}@college.example`
  const res = await postJson(base, '/api/register', {
    name: `${label} ${tag}`,
    email,
    mobile: `9${String(parseInt(tag, 16)).padStart(9, '0').slice(-9)}`,
    studentId: tag,
    course: 'Information Technology',
    yearOfGraduation: '2027',
    collegeName: 'Backup College',
    linkedinProfile: '',
  })
  if (res.status !== 201) throw new Error(`registering ${email}: ${res.status}`)
  await eventually(
    () => smtp.received.find((m) => m.to.includes(email)),
    `the confirmation email to ${email}`,
    30_000,
  )
  return email
}
