import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applicantSessions, staffSessions, staffUsers } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { ACCESS, allowed, identityHeaders, type Identity } from './support/access.js'
import { bearerFor, newApplicant } from './support/fixtures.js'

/** Routes that end the caller's session go last, so the others run signed in. */
const endsSession = (route: string) => /logout/.test(route)

describe('the access matrix: every API route as anonymous, applicant, jury and admin', () => {
  let ctx: TestContext
  let base: string
  let credentials: Record<Identity, Record<string, string>>

  beforeAll(async () => {
    ctx = await createTestContext()
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    credentials = await identityHeaders(ctx)
  })
  afterAll(() => ctx.close())

  /** The status of one call; a stream (the live events) is closed once its status is known. */
  async function statusOf(method: string, url: string, headers: Record<string, string>) {
    const abort = new AbortController()
    const path = url.replace(/:[a-zA-Z]+/g, randomUUID())
    const res = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      signal: abort.signal,
      headers: {
        ...headers,
        ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      },
      body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    })
    abort.abort()
    return res.status
  }

  it('declares every route of the server, and no route the server does not have', () => {
    const routes = ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${r.url}`)
    expect(routes.filter((r) => !(r in ACCESS))).toEqual([])
    expect(Object.keys(ACCESS).filter((r) => !routes.includes(r))).toEqual([])
  })

  it('answers each identity as declared: 401/403 when it may not call a route, something else when it may, never a 5xx', async () => {
    const routes = ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && `${r.method} ${r.url}` in ACCESS)
      .sort((a, b) => Number(endsSession(a.url)) - Number(endsSession(b.url)))
    const wrong: string[] = []
    for (const { method, url } of routes) {
      const audience = ACCESS[`${method} ${url}`]!
      for (const who of ['anonymous', 'applicant', 'jury', 'admin'] as const) {
        const status = await statusOf(method, url, credentials[who])
        const refused = status === 401 || status === 403
        if (status >= 500 || refused === allowed(audience, who))
          wrong.push(`${method} ${url} as ${who}: ${status} (declared: ${audience})`)
      }
    }
    expect(wrong).toEqual([])
  }, 60_000)
})

describe('identities that must not work', () => {
  let ctx: TestContext
  let base: string
  beforeAll(async () => {
    ctx = await createTestContext()
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => ctx.close())

  const get = (path: string, headers: Record<string, string>) =>
    fetch(`${base}${path}`, { headers }).then((r) => r.status)

  it('refuses a deactivated staff member at once, and an expired or tampered staff session', async () => {
    const jury = await signedInStaff(ctx.app, ctx.database.db, 'jury')
    expect(await get('/api/stage-stats', { cookie: jury })).toBe(200)
    const tampered = jury.slice(0, -2) + (jury.endsWith('A') ? 'BB' : 'AA')
    expect(await get('/api/stage-stats', { cookie: tampered })).toBe(401)

    const admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
    const [member] = await ctx.database.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(sql`${staffUsers.role} = 'jury'`)
    const deactivate = await fetch(`${base}/api/staff/${member!.id}/deactivate`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(deactivate.status).toBe(200)
    expect(await get('/api/stage-stats', { cookie: jury })).toBe(401)

    await ctx.database.db
      .update(staffSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`true`)
    expect(await get('/api/stage-stats', { cookie: admin })).toBe(401)
  })

  it('refuses an expired, forged or tampered applicant token, and never lets one applicant see another', async () => {
    const alice = await newApplicant(ctx.database.db)
    const bob = await newApplicant(ctx.database.db)
    const aliceToken = await bearerFor(ctx.database.db, alice.id)
    const bobToken = await bearerFor(ctx.database.db, bob.id)
    const dashboard = (token: string) =>
      fetch(`${base}/api/applicant/dashboard`, { headers: { authorization: `Bearer ${token}` } })
    const mine = await dashboard(aliceToken)
    expect(mine.status).toBe(200)
    const body = JSON.stringify(await mine.json())
    expect(body).toContain(alice.email)
    expect(body).not.toContain(bob.email)
    expect((await dashboard(`${aliceToken.slice(0, -1)}x`)).status).toBe(401)
    expect((await dashboard(randomUUID())).status).toBe(401)
    await ctx.database.db
      .update(applicantSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(applicantSessions.applicantId, bob.id))
    expect((await dashboard(bobToken)).status).toBe(401)
  })
})
