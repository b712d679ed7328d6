/**
 * Issue 13, item 3: the real server on the embedded database killed with SIGKILL in the middle of
 * a burst of registrations and round saves, then started again at once on the same directory:
 * it starts (the dead process's lock is taken over), every acknowledged write is there, and none
 * is half-written (a registration without its activity item or email, a round without its
 * requirements).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { rowsOf } from '../src/db/client.js'
import { openConfiguredDatabase } from '../src/db/open.js'
import { eventually } from './support/eventually.js'
import { postJson, staffCookie } from './support/http.js'
import { startServerProcess } from './support/server-process.js'

describe('a server killed in the middle of writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hk-crash-'))
  const port = 3900 + Math.floor(Math.random() * 200)
  const base = `http://127.0.0.1:${port}`
  const admin = { email: 'crash-admin@example.org', password: 'crash admin password' }
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined
  afterAll(async () => {
    if (server) await stop('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  const stop = async (signal: NodeJS.Signals) => server?.stop(signal)
  async function start() {
    server = await startServerProcess({
      dataDir,
      port,
      env: {
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        REGISTER_MAX_PER_ADDRESS_PER_HOUR: '100000',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
    })
  }

  it('keeps every acknowledged registration and round whole, and starts again at once', async () => {
    await start()
    const cookie = await staffCookie(base, admin)
    const registered: string[] = []
    const rounds: string[] = []
    let n = 0
    const post = (path: string, body: unknown, headers?: Record<string, string>) =>
      postJson(base, path, body, headers)
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
    await stop('SIGKILL')
    await Promise.all(load)

    // At once: the dead server's lock does not stop the new one.
    await start()
    await stop('SIGTERM')

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

  it('leaves a bulk upload killed in the middle all applied or not applied at all', async () => {
    // 20,000 applicants and a first round written directly (the server is stopped), then one
    // sheet advancing them all from that round.
    const count = 20_000
    const seeded = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }), () => {})
    try {
      await seeded.database.db.execute(
        sql`insert into rounds (name, description, status) values ('Kill round', 'Ideas', 'active')`,
      )
      await seeded.database.db.execute(
        sql`insert into applicants (registration_id, name, email, mobile, student_id, course,
              year_of_graduation, college_name)
            select 'HS-KILL-' || lpad(g::text, 6, '0'), 'Sheet ' || g, 'sheet.' || g || '@college.example',
                   (7200000000 + g)::text, 'K' || g, 'Information Technology', '2027', 'Sheet College'
              from generate_series(1, ${count}) g`,
      )
    } finally {
      await seeded.close()
    }
    await start()
    const cookie = await staffCookie(base, admin)
    const csv = [
      'RegistrationID,Current Stage,Status,Next Stage',
      ...Array.from(
        { length: count },
        (_, i) => `HS-KILL-${String(i + 1).padStart(6, '0')},,Selected,`,
      ),
    ].join('\r\n')
    const send = (dryRun: boolean) => {
      const form = new FormData()
      form.append('file', new Blob([csv]), 'selection.csv')
      return fetch(`${base}/api/applicant-selection/upload${dryRun ? '?dryRun=true' : ''}`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      })
    }
    // The dry run does all the real upload does (it plans, applies, then rolls back): killed
    // part of the way through that time, the server dies while the real one writes.
    const started = Date.now()
    const dry = await send(true)
    expect(dry.status).toBe(200)
    const planning = Date.now() - started
    let answered = false
    const upload = send(false).then(
      () => (answered = true),
      () => undefined,
    )
    await new Promise((resolve) => setTimeout(resolve, Math.round(planning * 0.6)))
    await stop('SIGKILL')
    await upload
    await start()
    await stop('SIGTERM')

    const opened = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }), () => {})
    try {
      const [state] = await rowsOf<{ selected: number; notices: number }>(
        opened.database.db,
        sql`select (select count(*)::int from applicants
                     where registration_id like 'HS-KILL-%' and status = 'selected') as selected,
                   (select count(*)::int from email_messages
                     where template = 'selection-notice' and "to" like 'sheet.%') as notices`,
      )
      expect(answered).toBe(false)
      expect([0, count]).toContain(state!.selected)
      expect(state!.notices).toBe(state!.selected)
    } finally {
      await opened.close()
    }
  }, 180_000)
})
