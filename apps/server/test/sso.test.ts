import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.js'
import type { TestProvider } from './support/oidc-provider.js'
import { followProvider, ssoTestContext } from './support/sso.js'

const PUBLIC_URL = 'http://127.0.0.1:39999'

describe('single sign-on with an OpenID Connect provider', () => {
  let provider: TestProvider
  let ctx: TestContext
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ provider, ctx, close } = await ssoTestContext(
      PUBLIC_URL,
      {
        email: 'sso.judge@example.org',
        password: 'unused password',
        role: 'jury',
        name: 'Sso Judge',
      },
      { OIDC_LABEL: 'Sign in with Example SSO' },
    ))
  })
  afterAll(() => close())

  /** Starts at /api/login, lets the provider sign in, and hands its answer to our callback. */
  async function signInThroughProvider() {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/login' })
    expect(start.statusCode).toBe(302)
    const authorize = new URL(start.headers.location as string)
    expect(authorize.origin).toBe(provider.issuer)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    const stateCookie = start.cookies.find((c) => c.name === 'hk_sso_state')!
    const back = await followProvider(authorize.href, PUBLIC_URL)
    return ctx.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: `hk_sso_state=${stateCookie.value}` },
    })
  }

  it('offers the sign-in button with its label', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/options' })
    expect(res.json()).toEqual({ sso: { enabled: true, label: 'Sign in with Example SSO' } })
  })

  it('signs in the staff member whose verified email the provider confirms', async () => {
    provider.signInAs('SSO.Judge@example.org')
    const callback = await signInThroughProvider()
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toBe('/')
    const session = callback.cookies.find((c) => c.name === 'hk_session')!
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `hk_session=${session.value}` },
    })
    expect(me.json()).toMatchObject({ email: 'sso.judge@example.org', role: 'jury' })
  })

  it('refuses an email with no staff account with a clear page and no session', async () => {
    provider.signInAs('stranger@example.org')
    const callback = await signInThroughProvider()
    expect(callback.statusCode).toBe(403)
    expect(callback.headers['content-type']).toContain('text/html')
    expect(callback.body).toContain('There is no active staff account for stranger@example.org')
    expect(callback.cookies.find((c) => c.name === 'hk_session')).toBeUndefined()
  })

  it('refuses an email the provider has not verified', async () => {
    provider.signInAs('sso.judge@example.org', false)
    const callback = await signInThroughProvider()
    expect(callback.statusCode).toBe(403)
    expect(callback.body).toContain('has not verified the email address')
  })

  it('refuses a callback whose state this browser did not start (login CSRF), and a replayed one', async () => {
    provider.signInAs('sso.judge@example.org')
    const start = await ctx.app.inject({ method: 'GET', url: '/api/login' })
    const back = await followProvider(start.headers.location as string, PUBLIC_URL)
    const forged = await ctx.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: 'hk_sso_state=someone-elses' },
    })
    expect(forged.statusCode).toBe(403)
    const stateCookie = start.cookies.find((c) => c.name === 'hk_sso_state')!
    const first = await ctx.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: `hk_sso_state=${stateCookie.value}` },
    })
    expect(first.statusCode).toBe(302)
    const replay = await ctx.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: `hk_sso_state=${stateCookie.value}` },
    })
    expect(replay.statusCode).toBe(403)
  })
})

describe('without single sign-on configured', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('hides the button and sends /api/login to the password sign-in page', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/options' })).json().sso.enabled,
    ).toBe(false)
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/admin/login')
  })
})
