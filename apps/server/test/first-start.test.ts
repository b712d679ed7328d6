import { PassThrough } from 'node:stream'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runStaffCommand } from '../src/cli/staff-command.js'
import { loadConfig } from '../src/config.js'
import { logSettings } from '../src/lib/logger.js'
import * as staffRepo from '../src/modules/staff/staff.repo.js'
import { ensureFirstAdmin, firstAdminReminder } from '../src/modules/staff/staff.service.js'
import { createTestContext, type TestContext } from './app.js'
import { signIn } from './staff-helpers.js'

/**
 * Issue 22, item 12, "the first five minutes" (docs/decisions/028-first-install-and-console.md):
 * a first start listens on this machine only, its console is readable, and the first admin's
 * password does not scroll away.
 */
describe('a first start', () => {
  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
  })

  it('takes LOG_FORMAT json or pretty, unset meaning "pretty in a terminal"', () => {
    expect(loadConfig({}).logFormat).toBeUndefined()
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBeUndefined()
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/)
  })
})

describe('what the server logs to its console', () => {
  /** A small app with the server's log settings, writing into `lines`. */
  async function appLogging(env: Record<string, string>, isTTY: boolean) {
    const destination = new PassThrough()
    let output = ''
    destination.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const settings = logSettings(loadConfig(env), { isTTY, destination, colors: false })
    const app = Fastify(settings.options)
    app.get('/things', async () => ({ ok: true }))
    app.post('/fails', async () => {
      throw new Error('broken on purpose')
    })
    await app.ready()
    return {
      app,
      format: settings.format,
      lines: () => output.split('\n').filter(Boolean),
    }
  }

  it('in a terminal: readable lines, and requests only at LOG_LEVEL=debug, one line each', async () => {
    const quiet = await appLogging({}, true)
    expect(quiet.format).toBe('pretty')
    await quiet.app.inject({ method: 'GET', url: '/things?code=482913' })
    quiet.app.log.info('the platform is on')
    expect(quiet.lines()).toHaveLength(1)
    expect(quiet.lines()[0]).toMatch(/INFO.*the platform is on$/)
    expect(quiet.lines()[0]).not.toContain('{')
    await quiet.app.close()

    const verbose = await appLogging({ LOG_LEVEL: 'debug' }, true)
    await verbose.app.inject({ method: 'GET', url: '/things?code=482913' })
    expect(verbose.lines()).toHaveLength(1)
    expect(verbose.lines()[0]).toMatch(/DEBUG.*GET \/things 200 \d+ ms$/)
    // The query string may carry a one-time code: requests are logged by their path alone.
    expect(verbose.lines()[0]).not.toContain('482913')
    await verbose.app.close()
  })

  it('elsewhere: one JSON line per request at info, without its query string', async () => {
    const piped = await appLogging({}, false)
    expect(piped.format).toBe('json')
    await piped.app.inject({ method: 'GET', url: '/things?code=482913' })
    const lines = piped.lines().map((line) => JSON.parse(line))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/things' },
      res: { statusCode: 200 },
    })
    expect(JSON.stringify(lines)).not.toContain('482913')
    await piped.app.close()
  })

  it('keeps errors visible at the default level in either format', async () => {
    for (const isTTY of [true, false]) {
      const app = await appLogging({}, isTTY)
      await app.app.inject({ method: 'POST', url: '/fails' })
      expect(app.lines().join('\n')).toContain('broken on purpose')
      await app.app.close()
    }
  })

  it('follows LOG_FORMAT over the terminal guess', async () => {
    expect((await appLogging({ LOG_FORMAT: 'json' }, true)).format).toBe('json')
    expect((await appLogging({ LOG_FORMAT: 'pretty' }, false)).format).toBe('pretty')
  })

  it('never logs a password or a token, in either format', async () => {
    for (const isTTY of [true, false]) {
      const app = await appLogging({ LOG_LEVEL: 'trace' }, isTTY)
      app.app.log.info({ body: { password: 'Hunter-2-secret', token: 'tok-9f8e7d' } }, 'a body')
      const all = app.lines().join('\n')
      expect(all).toContain('a body')
      expect(all).not.toContain('Hunter-2-secret')
      expect(all).not.toContain('tok-9f8e7d')
      await app.app.close()
    }
  })
})

describe("the first admin's password", () => {
  let ctx: TestContext
  const config = loadConfig({})
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('is shown again, with the way to replace it, while nobody has signed in with it', async () => {
    const printed: string[] = []
    const generated = await ensureFirstAdmin(ctx.database.db, config, (t) => printed.push(t))
    expect(generated?.email).toBe('admin@hackstage.local')
    const password = /password: (\S+)/.exec(printed[0]!)![1]!
    expect(generated?.password).toBe(password)

    // Later in the same run: the password is still in memory, so it is shown once more.
    const reminder = await firstAdminReminder(ctx.database.db, config, generated)
    expect(reminder).toContain(password)
    expect(reminder).toContain('npm run staff -- reset-password --email admin@hackstage.local')

    // After a restart only its hash is left: the reminder says how to set a new one instead.
    const afterRestart = await firstAdminReminder(ctx.database.db, config)
    expect(afterRestart).toContain('admin@hackstage.local has not signed in yet')
    expect(afterRestart).toContain('npm run staff -- reset-password --email admin@hackstage.local')
    expect(afterRestart).not.toContain(password)

    await signIn(ctx.app, 'admin@hackstage.local', password)
    expect(await firstAdminReminder(ctx.database.db, config, generated)).toBeUndefined()
    // Signed in once is enough, even when that session has ended since.
    const admin = await staffRepo.findByEmail(ctx.database.db, 'admin@hackstage.local')
    expect(await firstAdminReminder(ctx.database.db, config)).toBeUndefined()
    await staffRepo.deleteSessionsOf(ctx.database.db, admin!.id)
    expect(await firstAdminReminder(ctx.database.db, config)).toBeUndefined()
  })
})

describe("the first admin's password, replaced before anyone signed in", () => {
  let ctx: TestContext
  const config = loadConfig({})
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('is not asked about again once `npm run staff -- reset-password` set a new one', async () => {
    await ensureFirstAdmin(ctx.database.db, config, () => {})
    expect(await firstAdminReminder(ctx.database.db, config)).toBeDefined()
    const lines: string[] = []
    const code = await runStaffCommand(
      ['reset-password', '--email', 'admin@hackstage.local'],
      ctx.database.db,
      (line) => lines.push(line),
    )
    expect(code).toBe(0)
    expect(await firstAdminReminder(ctx.database.db, config)).toBeUndefined()
  })
})

describe("the first admin's password, chosen by ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('is never shown or asked about: whoever set it knows it', async () => {
    const chosen = loadConfig({ ADMIN_EMAIL: 'chief@example.org', ADMIN_PASSWORD: 'chief pass' })
    expect(await ensureFirstAdmin(ctx.database.db, chosen, () => {})).toBeUndefined()
    expect(await firstAdminReminder(ctx.database.db, chosen)).toBeUndefined()
  })
})
