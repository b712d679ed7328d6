import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffSessions } from '../src/db/schema/index.js'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, sessionCookieOf, signIn } from './staff-helpers.js'

describe('staff sign-in and sessions', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    })
    await addStaff(ctx.database.db, {
      email: 'admin@example.org',
      password: 'correct horse',
      role: 'admin',
      name: 'Ada Admin',
    })
    await addStaff(ctx.database.db, {
      email: 'jury@example.org',
      password: 'jury secret',
      role: 'jury',
      name: 'Jules Jury',
    })
  })
  afterAll(() => ctx.close())

  const user = (cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} })

  it('signs in with email and password: an httpOnly SameSite=Lax cookie and the user, never a hash', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'Admin@Example.org', password: 'correct horse' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: expect.any(String),
      email: 'admin@example.org',
      name: 'Ada Admin',
      role: 'admin',
    })
    const cookie = res.cookies.find((c) => c.name === 'hk_session')!
    expect(cookie.httpOnly).toBe(true)
    expect(cookie.sameSite).toBe('Lax')
    expect(cookie.path).toBe('/')
    expect(res.body).not.toMatch(/argon2|passwordHash/)
    const me = await user(sessionCookieOf(res))
    expect(me.statusCode).toBe(200)
    expect(me.json().role).toBe('admin')
  })

  it('stores only a hash of the session token', async () => {
    const cookie = await signIn(ctx.app, 'jury@example.org', 'jury secret')
    const token = cookie.split('=')[1]!
    const rows = await ctx.database.db
      .select({ tokenHash: staffSessions.tokenHash })
      .from(staffSessions)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.some((row) => row.tokenHash === token)).toBe(false)
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true)
  })

  it('answers 401 to the user call when signed out or with a forged cookie', async () => {
    expect((await user()).statusCode).toBe(401)
    expect((await user('hk_session=forged-token-value')).statusCode).toBe(401)
  })

  it('gives a new token at every sign-in', async () => {
    const first = await signIn(ctx.app, 'jury@example.org', 'jury secret')
    const second = await signIn(ctx.app, 'jury@example.org', 'jury secret')
    expect(first).not.toBe(second)
  })

  it('answers an unknown email and a wrong password with the same 401 and message', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.org', password: 'whatever' },
    })
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'jury@example.org', password: 'not it' },
    })
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(unknown.json()).toEqual(wrong.json())
    expect(unknown.json().message).toBe('Invalid email or password')
  })

  // The same password-hashing work for an unknown email: test/sign-in-work.test.ts.
  it('ends the session at logout and sends the browser home', async () => {
    const cookie = await signIn(ctx.app, 'jury@example.org', 'jury secret')
    const res = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/')
    expect(res.cookies.find((c) => c.name === 'hk_session')?.value).toBe('')
    expect((await user(cookie)).statusCode).toBe(401)
  })

  it('ends a session after its idle time and after its absolute lifetime', async () => {
    const idle = await signIn(ctx.app, 'jury@example.org', 'jury secret')
    const absolute = await signIn(ctx.app, 'jury@example.org', 'jury secret')
    const { hashToken } = await import('../src/lib/secrets.js')
    const hashOf = (cookie: string) => hashToken(cookie.split('=')[1]!)
    await ctx.database.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '121 minutes'` })
      .where(eq(staffSessions.tokenHash, hashOf(idle)))
    await ctx.database.db
      .update(staffSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffSessions.tokenHash, hashOf(absolute)))
    expect((await user(idle)).statusCode).toBe(401)
    expect((await user(absolute)).statusCode).toBe(401)
  })

  it('locks an account after repeated failures with 429 and Retry-After, even for the right password', async () => {
    await addStaff(ctx.database.db, {
      email: 'target@example.org',
      password: 'right password',
      role: 'jury',
    })
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'target@example.org', password: 'wrong' },
      })
      expect(res.statusCode).toBe(401)
    }
    const locked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'target@example.org', password: 'right password' },
    })
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    expect(locked.json().code).toBe('RATE_LIMITED')
  })

  it('forgets earlier failures of an account after a successful sign-in', async () => {
    await addStaff(ctx.database.db, {
      email: 'forgetful@example.org',
      password: 'right password',
      role: 'jury',
    })
    const attempt = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'forgetful@example.org', password },
      })
    for (let i = 0; i < 2; i++) expect((await attempt('wrong')).statusCode).toBe(401)
    expect((await attempt('right password')).statusCode).toBe(200)
    for (let i = 0; i < 2; i++) expect((await attempt('wrong')).statusCode).toBe(401)
    expect((await attempt('right password')).statusCode).toBe(200)
  })

  it('refuses a state-changing call without a JSON content type, or from another origin', async () => {
    const juryLoginFrom = (origin: string, url = '/api/auth/login') =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload: { email: 'jury@example.org', password: 'jury secret' },
        headers: { origin },
      })
    const noType = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(noType.statusCode).toBe(415)
    const foreign = await juryLoginFrom('https://evil.example')
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().message).toBe('Cross-site request refused')
    const own = await juryLoginFrom('http://localhost:3000')
    expect(own.statusCode).toBe(200)
    // The same route spelled with percent-encoding is the same route: the same checks.
    const encoded = await juryLoginFrom('https://evil.example', '/%61pi/auth/login')
    expect(encoded.statusCode).toBe(403)
    expect(encoded.json().message).toBe('Cross-site request refused')
  })

  it('does not sign anyone out from another site, and does from our own menu', async () => {
    const cookie = await signIn(ctx.app, 'jury@example.org', 'jury secret')
    // A link or image on another site: the browser says so (Sec-Fetch-Site) or names it (Referer).
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.example/page' },
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie, ...headers },
      })
      expect(res.statusCode).toBe(302)
      expect((await user(cookie)).statusCode).toBe(200)
    }
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin', referer: 'http://localhost:3000/' },
    })
    expect(own.statusCode).toBe(302)
    expect((await user(cookie)).statusCode).toBe(401)
  })
})

describe('changing a password', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
    await addStaff(ctx.database.db, {
      email: 'changer@example.org',
      password: 'old password',
      role: 'jury',
    })
  })
  afterAll(() => ctx.close())

  const change = (cookie: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/change-password', payload, headers: { cookie } })

  it('needs a signed-in staff member', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/change-password',
      payload: { currentPassword: 'a', newPassword: 'bbbbbb' },
    })
    expect(res.statusCode).toBe(401)
  })

  it('refuses a wrong current password and a new one under 6 characters, with readable messages', async () => {
    const cookie = await signIn(ctx.app, 'changer@example.org', 'old password')
    const wrong = await change(cookie, { currentPassword: 'not it', newPassword: 'new password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe('Current password is incorrect')
    const short = await change(cookie, { currentPassword: 'old password', newPassword: '12345' })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toContain('Password must be at least 6 characters long')
  })

  it('ends every session of the user, keeps this browser signed in with a new one, and only the new password works', async () => {
    const here = await signIn(ctx.app, 'changer@example.org', 'old password')
    const elsewhere = await signIn(ctx.app, 'changer@example.org', 'old password')
    const res = await change(here, {
      currentPassword: 'old password',
      newPassword: 'brand new password',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Password changed successfully' })
    const fresh = sessionCookieOf(res)
    expect(fresh).not.toBe(here)
    const status = async (cookie: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } }))
        .statusCode
    expect(await status(here)).toBe(401)
    expect(await status(elsewhere)).toBe(401)
    expect(await status(fresh)).toBe(200)
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'changer@example.org', password: 'old password' },
    })
    expect(old.statusCode).toBe(401)
    await signIn(ctx.app, 'changer@example.org', 'brand new password')
  })
})
