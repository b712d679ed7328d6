import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { safeReturnPath } from '@hackathon/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.js'
import type { TestProvider } from './support/oidc-provider.js'
import { followProvider, ssoTestContext } from './support/sso.js'

const PUBLIC_URL = 'http://127.0.0.1:39998'

/** Paths a link on another site could use to send a freshly signed-in person elsewhere. */
const HOSTILE_RETURNS = [
  '//evil.example/rounds',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/\t/evil.example',
  '/\n/evil.example',
  '/.//evil.example',
  'rounds',
  '',
  '/api/logout',
  '/%61pi/logout',
  `/${'a'.repeat(2001)}`,
]

/** A loopback port that nothing listens on: a single sign-on provider that is down. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('the page to return to after signing in', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeReturnPath('/rounds')).toBe('/rounds')
    expect(safeReturnPath('/applicants?status=selected&page=2')).toBe(
      '/applicants?status=selected&page=2',
    )
    expect(safeReturnPath('/rounds/6b1c/review')).toBe('/rounds/6b1c/review')
  })

  it('refuses another site, a scheme, a protocol-relative path, an API path and odd characters', () => {
    for (const hostile of HOSTILE_RETURNS) expect(safeReturnPath(hostile), hostile).toBeNull()
    expect(safeReturnPath(undefined)).toBeNull()
    expect(safeReturnPath(['/rounds'])).toBeNull()
  })
})

describe('GET /api/login without single sign-on', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('sends staff to the password sign-in page, returning to the page they were on', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/login?returnTo=${encodeURIComponent('/applicants?page=2')}`,
    })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(
      `/admin/login?returnTo=${encodeURIComponent('/applicants?page=2')}`,
    )
  })

  it('sends staff to the sign-in page alone when there is no page to return to', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/admin/login')
  })

  it('drops a return to another site (no open redirect)', async () => {
    for (const hostile of HOSTILE_RETURNS) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/login?returnTo=${encodeURIComponent(hostile)}`,
      })
      expect(res.statusCode, hostile).toBe(302)
      expect(res.headers.location, hostile).toBe('/admin/login')
    }
    const repeated = await ctx.app.inject({
      method: 'GET',
      url: '/api/login?returnTo=/rounds&returnTo=//evil.example',
    })
    expect(repeated.statusCode).toBe(302)
    expect(repeated.headers.location).toBe('/admin/login')
  })
})

describe('GET /api/login with single sign-on', () => {
  let provider: TestProvider
  let ctx: TestContext
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ provider, ctx, close } = await ssoTestContext(PUBLIC_URL, {
      email: 'returning.admin@example.org',
      password: 'unused password',
      role: 'admin',
      name: 'Returning Admin',
    }))
  })
  afterAll(() => close())

  async function signIn(returnTo: string, cookieOverride?: string) {
    provider.signInAs('returning.admin@example.org')
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
    })
    expect(start.statusCode).toBe(302)
    expect(new URL(start.headers.location as string).origin).toBe(provider.issuer)
    const cookies = start.cookies.map((c) => `${c.name}=${c.value}`)
    const back = await followProvider(start.headers.location as string, PUBLIC_URL)
    return ctx.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: [...cookies, ...(cookieOverride ? [cookieOverride] : [])].join('; ') },
    })
  }

  it('returns the signed-in staff member to the page they were on', async () => {
    const callback = await signIn('/rounds?tab=2')
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toBe('/rounds?tab=2')
    expect(callback.cookies.find((c) => c.name === 'hk_session')).toBeDefined()
  })

  it('never returns to another site, even with a forged return cookie', async () => {
    const dropped = await signIn('//evil.example/')
    expect(dropped.headers.location).toBe('/')
    const forged = await signIn('/rounds', `hk_sso_return=${encodeURIComponent('//evil.example')}`)
    expect(forged.statusCode).toBe(302)
    expect(forged.headers.location).not.toContain('evil')
  })
})

describe('GET /api/login with single sign-on configured but its provider down', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({
      OIDC_ISSUER: `http://127.0.0.1:${await closedPort()}`,
      OIDC_CLIENT_ID: 'hackathon-platform',
      OIDC_CLIENT_SECRET: 'secret',
    })
  })
  afterAll(() => ctx.close())

  it('answers a page that says single sign-on is unavailable and offers password sign-in', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/login?returnTo=${encodeURIComponent('/rounds')}`,
    })
    expect(res.statusCode).toBe(503)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('<title>Single sign-on is unavailable</title>')
    expect(res.body).toContain('sign in with your email and password')
    expect(res.body).toContain(`href="/admin/login?returnTo=${encodeURIComponent('/rounds')}"`)
  })
})
