/**
 * A sign-in must not tell, by how long it takes, whether an account exists. These tests check the
 * code path that makes that so, rather than timing requests: a wall-clock ratio failed one run in
 * four on a loaded machine (issue 23, item 7).
 */
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '../src/db/client.js'
import { staffUsers } from '../src/db/schema/index.js'
import type { JobQueue } from '../src/jobs/queue.js'
import { dummyPasswordHash, verifyPassword } from '../src/lib/secrets.js'
import * as applicantAuthRepo from '../src/modules/applicant-auth/applicant-auth.repo.js'
import {
  OTP_QUEUE,
  createApplicantAuthService,
} from '../src/modules/applicant-auth/applicant-auth.service.js'
import type { EmailServiceApi } from '../src/modules/email/email.service.js'
import type { SmsService } from '../src/modules/sms/sms.service.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff } from './staff-helpers.js'
import { newApplicant } from './support/fixtures.js'

// The real functions, watched: every call still does its work.
vi.mock('../src/lib/secrets.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/lib/secrets.js')>()
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) }
})
vi.mock('../src/modules/applicant-auth/applicant-auth.repo.js', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return Object.fromEntries(
    Object.entries(actual).map(([name, value]) => [
      name,
      typeof value === 'function' ? vi.fn(value as (...args: unknown[]) => unknown) : value,
    ]),
  )
})

/** An argon2 hash's algorithm, version and cost (memory, passes, lanes): what its check costs. */
const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$')

describe('staff sign-in: the same password check whether or not the account exists', () => {
  let ctx: TestContext
  const verified = vi.mocked(verifyPassword)
  const login = (email: string, password: string, i: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: `10.9.1.${i}`,
    })
  const storedHash = async (email: string) =>
    (
      await ctx.database.db
        .select({ hash: staffUsers.passwordHash })
        .from(staffUsers)
        .where(sql`${staffUsers.email} = ${email}`)
    )[0]!.hash!

  beforeAll(async () => {
    ctx = await createTestContext()
    await addStaff(ctx.database.db, {
      email: 'work@example.org',
      password: 'the real one',
      role: 'jury',
    })
    await addStaff(ctx.database.db, {
      email: 'gone@example.org',
      password: 'the real one',
      role: 'jury',
    })
    await ctx.database.db
      .update(staffUsers)
      .set({ active: false })
      .where(sql`${staffUsers.email} = 'gone@example.org'`)
  })
  afterAll(() => ctx.close())
  beforeEach(() => verified.mockClear())

  it('checks a password against a stand-in hash of the same cost for an unknown email, once, as for a wrong password', async () => {
    const unknown = await login('nobody.here@example.org', 'a guess', 1)
    expect(unknown.statusCode).toBe(401)
    expect(verified).toHaveBeenCalledTimes(1)
    const standIn = verified.mock.calls[0]![0]
    expect(standIn).toBe(await dummyPasswordHash())

    verified.mockClear()
    const wrong = await login('work@example.org', 'a guess', 2)
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(verified).toHaveBeenCalledTimes(1)
    const real = verified.mock.calls[0]![0]
    expect(real).toBe(await storedHash('work@example.org'))

    // The stand-in costs what a real account's check costs: argon2id, same memory and passes.
    expect(costOf(standIn)).toMatch(/^argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+$/)
    expect(costOf(standIn)).toBe(costOf(real))
  })

  it('checks the password of a deactivated account too, and answers as for a wrong one', async () => {
    const gone = await login('gone@example.org', 'the real one', 3)
    expect(gone.statusCode).toBe(401)
    expect(gone.json().message).toBe('Invalid email or password')
    expect(verified).toHaveBeenCalledTimes(1)
    expect(verified.mock.calls[0]![0]).toBe(await storedHash('gone@example.org'))
  })
})

describe('applicant code request: the same work whether or not anyone has the identifier', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  /**
   * `db`, recording each statement the code runs through it: a query's text (its values left out,
   * as they differ by identifier) or the query builder used.
   */
  function recording(db: Db, log: string[]): Db {
    const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect
    const wrap = (target: Db): Db =>
      new Proxy(target, {
        get(object, property, receiver) {
          const value = Reflect.get(object, property, receiver)
          if (typeof value !== 'function') return value
          if (property === 'execute')
            return (query: SQL) => {
              log.push(dialect.sqlToQuery(query).sql)
              return value.call(object, query)
            }
          if (property === 'transaction')
            return (run: (tx: Db) => Promise<unknown>, ...rest: unknown[]) => {
              log.push('begin')
              return value.call(object, (tx: Db) => run(wrap(tx)), ...rest)
            }
          if (['select', 'insert', 'update', 'delete'].includes(String(property)))
            log.push(String(property))
          return value.bind(object)
        },
      })
    return wrap(db)
  }

  it('looks nobody up while answering: a registered and an unknown identifier run the same statements and queue the same job', async () => {
    const log: string[] = []
    const queued: { name: string; data: unknown }[] = []
    const jobs = {
      send: async (_tx: Db, name: string, data: unknown) => {
        queued.push({ name, data })
        return 'job'
      },
    } as unknown as JobQueue
    const service = createApplicantAuthService({
      db: recording(ctx.database.db, log),
      config: ctx.config,
      jobs,
      secrets: ctx.secrets,
      // The request never emails or texts: the job does, later.
      email: {} as EmailServiceApi,
      sms: {} as SmsService,
    })
    const repoCalls = () =>
      Object.values(applicantAuthRepo)
        .filter((f) => vi.isMockFunction(f))
        .reduce((sum, f) => sum + vi.mocked(f).mock.calls.length, 0)

    const registered = await newApplicant(ctx.database.db)
    const before = repoCalls()
    const statements: string[][] = []
    for (const [i, identifier] of [
      registered.email,
      'no.such.person@example.org',
      registered.mobile,
      '+91 90000 00000',
    ].entries()) {
      log.length = 0
      await service.requestCode(identifier, `10.9.2.${i}`)
      statements.push([...log])
    }
    expect(repoCalls()).toBe(before)
    expect(statements[0]!.length).toBeGreaterThan(0)
    for (const run of statements.slice(1)) expect(run).toEqual(statements[0])
    expect(queued).toEqual([
      { name: OTP_QUEUE, data: { identifier: registered.email } },
      { name: OTP_QUEUE, data: { identifier: 'no.such.person@example.org' } },
      { name: OTP_QUEUE, data: { identifier: registered.mobile } },
      { name: OTP_QUEUE, data: { identifier: '+91 90000 00000' } },
    ])
  })
})
