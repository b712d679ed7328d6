/**
 * Issue 13, item 3: the real server on the embedded database killed with SIGKILL in the middle of
 * a burst of registrations and round saves, then started again at once on the same directory:
 * it starts (the dead process's lock is taken over), every acknowledged write is there, and none
 * is half-written (a registration without its activity item or email, a round without its
 * requirements).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { rowsOf } from '../src/db/client.js'
import { openConfiguredDatabase } from '../src/db/open.js'
import { eventually } from './support/eventually.js'

describe('a server killed in the middle of writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hk-crash-'))
  const port = 3900 + Math.floor(Math.random() * 200)
  const base = `http://127.0.0.1:${port}`
  const admin = { email: 'crash-admin@example.org', password: 'crash admin password' }
  let server: ChildProcess | undefined
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL')
      await new Promise((resolve) => server!.once('exit', resolve))
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function start() {
    server = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../src/main.ts')],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          GITHUB_VERIFY: 'off',
          REGISTER_MAX_PER_ADDRESS_PER_HOUR: '100000',
          RATE_LIMIT_PER_MINUTE: '1000000',
        },
        stdio: 'ignore',
      },
    )
    await eventually(
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.ok || undefined,
          () => undefined,
        ),
      'the server to start',
      60_000,
    )
  }

  it('keeps every acknowledged registration and round whole, and starts again at once', async () => {
    await start()
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const registered: string[] = []
    const rounds: string[] = []
    let n = 0
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const registrations = async () => {
      for (;;) {
        const i = n++
        const email = `crash.${i}@college.example`
        const res = await post('/api/register', {
          name: `Crash ${i}`,
          email,
          mobile: String(7_100_000_000 + i),
          studentId: `C${i}`,
          course: 'Information Technology',
          yearOfGraduation: '2027',
          collegeName: 'Crash College',
          linkedinProfile: '',
        }).catch(() => undefined)
        if (!res) return
        if (res.status === 201) registered.push(email)
      }
    }
    const roundSaves = async () => {
      for (;;) {
        const name = `Crash round ${n++}`
        const res = await post(
          '/api/rounds',
          {
            name,
            description: 'Saved during the crash',
            status: 'upcoming',
            requirements: [{ description: 'First' }, { description: 'Second' }],
            prizes: [],
          },
          { cookie },
        ).catch(() => undefined)
        if (!res) return
        if (res.status === 201) rounds.push(name)
      }
    }
    const load = [
      ...Array.from({ length: 12 }, registrations),
      ...Array.from({ length: 4 }, roundSaves),
    ]
    await eventually(() => (registered.length > 50 && rounds.length > 5) || undefined, 'writes')
    server!.kill('SIGKILL')
    await Promise.all(load)
    await new Promise((resolve) => server!.once('exit', resolve))

    // At once: the dead server's lock does not stop the new one.
    await start()
    server!.kill('SIGTERM')
    await new Promise((resolve) => server!.once('exit', resolve))

    const opened = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }), () => {})
    try {
      const people = await rowsOf<{ email: string; activity: number; emails: number }>(
        opened.database.db,
        sql`select a.email,
                   (select count(*)::int from activity v where v.applicant_id = a.id) as activity,
                   (select count(*)::int from email_messages m where m."to" = a.email) as emails
              from applicants a where a.email like 'crash.%'`,
      )
      const stored = new Set(people.map((p) => p.email))
      expect(registered.filter((email) => !stored.has(email))).toEqual([])
      expect(people.filter((p) => p.activity !== 1 || p.emails !== 1)).toEqual([])
      const saved = await rowsOf<{ name: string; requirements: number }>(
        opened.database.db,
        sql`select r.name, (select count(*)::int from requirements q where q.round_id = r.id) as requirements
              from rounds r where r.name like 'Crash round %'`,
      )
      const names = new Set(saved.map((r) => r.name))
      expect(rounds.filter((name) => !names.has(name))).toEqual([])
      expect(saved.filter((r) => r.requirements !== 2)).toEqual([])
    } finally {
      await opened.close()
    }
  }, 180_000)
})
