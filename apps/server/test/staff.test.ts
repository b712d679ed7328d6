import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { runStaffCommand } from '../src/cli/staff-command.js'
import * as staffRepo from '../src/modules/staff/staff.repo.js'
import { ensureFirstAdmin } from '../src/modules/staff/staff.service.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn } from './staff-helpers.js'
import { caller } from './support/inject.js'

describe('staff management', () => {
  let ctx: TestContext
  let admin: string
  beforeAll(async () => {
    ctx = await createTestContext()
    await addStaff(ctx.database.db, {
      email: 'boss@example.org',
      password: 'boss password',
      role: 'admin',
      name: 'Boss',
    })
    admin = await signIn(ctx.app, 'boss@example.org', 'boss password')
  })
  afterAll(() => ctx.close())

  const call = caller(() => ctx.app)

  it('lets an admin add a jury member with a generated password shown once, which then signs in', async () => {
    const res = await call('POST', '/api/staff', admin, {
      email: 'New.Judge@Example.org',
      name: 'New Judge',
      role: 'jury',
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.staff).toMatchObject({
      email: 'new.judge@example.org',
      role: 'jury',
      active: true,
      hasPassword: true,
    })
    expect(body.temporaryPassword).toMatch(/^[A-Za-z0-9_-]{16}$/)
    await signIn(ctx.app, 'new.judge@example.org', body.temporaryPassword)
    const list = await call('GET', '/api/staff', admin)
    expect(list.statusCode).toBe(200)
    expect(list.json().staff.map((s: { email: string }) => s.email)).toContain(
      'new.judge@example.org',
    )
    expect(list.body).not.toContain('passwordHash')
    expect(list.body).not.toContain('$argon2')
  })

  it('refuses a second account with the same email in another case (409)', async () => {
    await call('POST', '/api/staff', admin, {
      email: 'twin@example.org',
      name: 'Twin',
      role: 'jury',
      password: 'twin password',
    })
    const again = await call('POST', '/api/staff', admin, {
      email: 'TWIN@example.org',
      name: 'Twin 2',
      role: 'admin',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('A staff member with this email already exists')
  })

  it('keeps staff management to admins: 401 signed out, 403 for jury', async () => {
    await addStaff(ctx.database.db, {
      email: 'juror@example.org',
      password: 'juror password',
      role: 'jury',
    })
    const jury = await signIn(ctx.app, 'juror@example.org', 'juror password')
    expect((await call('GET', '/api/staff', undefined)).statusCode).toBe(401)
    expect((await call('GET', '/api/staff', jury)).statusCode).toBe(403)
    expect(
      (await call('POST', '/api/staff', jury, { email: 'x@example.org', name: 'X', role: 'admin' }))
        .statusCode,
    ).toBe(403)
  })

  it('resets a password: the old one and every session stop working, the new one signs in', async () => {
    const member = await addStaff(ctx.database.db, {
      email: 'reset@example.org',
      password: 'before reset',
      role: 'jury',
    })
    const session = await signIn(ctx.app, 'reset@example.org', 'before reset')
    const res = await call('POST', `/api/staff/${member.id}/reset-password`, admin)
    expect(res.statusCode).toBe(200)
    const { temporaryPassword } = res.json()
    expect((await call('GET', '/api/auth/user', session)).statusCode).toBe(401)
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'reset@example.org', password: 'before reset' },
    })
    expect(old.statusCode).toBe(401)
    await signIn(ctx.app, 'reset@example.org', temporaryPassword)
  })

  it('deactivates an account, ending its sessions and refusing its sign-in; activates it again', async () => {
    const member = await addStaff(ctx.database.db, {
      email: 'leaver@example.org',
      password: 'leaver password',
      role: 'jury',
    })
    const session = await signIn(ctx.app, 'leaver@example.org', 'leaver password')
    const off = await call('POST', `/api/staff/${member.id}/deactivate`, admin)
    expect(off.statusCode).toBe(200)
    expect(off.json().active).toBe(false)
    expect((await call('GET', '/api/auth/user', session)).statusCode).toBe(401)
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'leaver@example.org', password: 'leaver password' },
    })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().message).toBe('Invalid email or password')
    expect((await call('POST', `/api/staff/${member.id}/activate`, admin)).json().active).toBe(true)
    await signIn(ctx.app, 'leaver@example.org', 'leaver password')
  })

  it('never deactivates the last active admin, even when two admins deactivate each other at once', async () => {
    const boss = await staffRepo.findByEmail(ctx.database.db, 'boss@example.org')
    const alone = await call('POST', `/api/staff/${boss!.id}/deactivate`, admin)
    expect(alone.statusCode).toBe(409)
    expect(alone.json().message).toBe('The last active admin cannot be deactivated')

    const second = await addStaff(ctx.database.db, {
      email: 'second@example.org',
      password: 'second password',
      role: 'admin',
    })
    const secondCookie = await signIn(ctx.app, 'second@example.org', 'second password')
    const results = await Promise.all([
      call('POST', `/api/staff/${second.id}/deactivate`, admin),
      call('POST', `/api/staff/${boss!.id}/deactivate`, secondCookie),
    ])
    // One wins; the other is refused as the last admin, or finds its own session already ended.
    const [winner, loser] = results.map((r) => r.statusCode).sort()
    expect(winner).toBe(200)
    expect([401, 409]).toContain(loser)
    expect(await staffRepo.countActiveAdmins(ctx.database.db)).toBe(1)
  })

  it('answers a malformed id with 400 and an unknown one with 404', async () => {
    expect((await call('POST', '/api/staff/not-a-uuid/deactivate', admin)).statusCode).toBe(400)
    expect(
      (await call('POST', '/api/staff/00000000-0000-4000-8000-000000000000/deactivate', admin))
        .statusCode,
    ).toBe(404)
  })
})

describe('the first admin', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('is created with a generated password printed once when no admin exists, then never again', async () => {
    const printed: string[] = []
    const config = loadConfig({ PUBLIC_URL: 'https://hack.example.org' })
    await ensureFirstAdmin(ctx.database.db, config, (text) => printed.push(text))
    await ensureFirstAdmin(ctx.database.db, config, (text) => printed.push(text))
    expect(printed).toHaveLength(1)
    expect(printed[0]).toContain('https://hack.example.org/admin/login')
    const password = /password: (\S+)/.exec(printed[0]!)![1]!
    const row = await staffRepo.findByEmail(ctx.database.db, 'admin@hackstage.local')
    expect(row?.role).toBe('admin')
    // argon2id with OWASP's parameters: 19 MiB, 2 passes, 1 lane.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    await signIn(ctx.app, 'admin@hackstage.local', password)
  })

  it('comes from ADMIN_EMAIL and ADMIN_PASSWORD when they are set', async () => {
    const printed: string[] = []
    const config = loadConfig({
      ADMIN_EMAIL: 'Chief@Example.org',
      ADMIN_PASSWORD: 'chief password',
    })
    await ensureFirstAdmin(ctx.database.db, config, (text) => printed.push(text))
    expect(printed.join('\n')).not.toContain('chief password')
    await signIn(ctx.app, 'chief@example.org', 'chief password')
  })
})

describe('npm run staff', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  const run = async (...argv: string[]) => {
    const lines: string[] = []
    const code = await runStaffCommand(argv, ctx.database.db, (line) => lines.push(line))
    return { code, output: lines.join('\n') }
  }

  it('adds a jury member with a generated password, lists, resets and deactivates by email', async () => {
    const added = await run(
      'add',
      '--email',
      'cli@example.org',
      '--role',
      'jury',
      '--name',
      'Cli Judge',
    )
    expect(added.code).toBe(0)
    const password = /shown once\): (\S+)/.exec(added.output)![1]!
    await signIn(ctx.app, 'cli@example.org', password)
    expect((await run('list')).output).toContain('cli@example.org  jury  active  Cli Judge')
    expect((await run('reset-password', '--email', 'cli@example.org')).code).toBe(0)
    expect((await run('deactivate', '--email', 'cli@example.org')).output).toContain('deactivated')
  })

  it('explains a bad role or an unknown email and exits 1', async () => {
    const badRole = await run('add', '--email', 'x@example.org', '--role', 'king')
    expect(badRole.code).toBe(1)
    expect(badRole.output).toContain('role')
    const unknown = await run('deactivate', '--email', 'ghost@example.org')
    expect(unknown).toEqual({ code: 1, output: 'No staff member with the email ghost@example.org' })
    expect((await run('frobnicate')).output).toContain('Usage: npm run staff')
  })
})
