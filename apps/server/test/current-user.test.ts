import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'
import { bearerFor, newApplicant } from './support/fixtures.js'

describe('GET /api/auth/user', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  const user = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers })

  it('answers an applicant signed in with a code as role applicant, so the web app shows the applicant sidebar', async () => {
    const person = await newApplicant(ctx.database.db)
    const token = await bearerFor(ctx.database.db, person.id)
    const res = await user({ authorization: `Bearer ${token}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: person.id,
      email: person.email,
      name: person.name,
      role: 'applicant',
    })
  })

  it('answers 401 to an unknown or ended bearer token, and to no credential', async () => {
    expect((await user({ authorization: 'Bearer not-a-session' })).statusCode).toBe(401)
    const person = await newApplicant(ctx.database.db)
    const token = await bearerFor(ctx.database.db, person.id)
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/applicant/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(logout.statusCode).toBe(200)
    expect((await user({ authorization: `Bearer ${token}` })).statusCode).toBe(401)
    expect((await user({})).statusCode).toBe(401)
  })

  it('answers the staff member when a browser holds both a staff session and an applicant token', async () => {
    const cookie = await signedInStaff(ctx.app, ctx.database.db, 'admin')
    const person = await newApplicant(ctx.database.db)
    const token = await bearerFor(ctx.database.db, person.id)
    const res = await user({ cookie, authorization: `Bearer ${token}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ role: 'admin' })
  })
})
