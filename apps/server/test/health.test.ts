import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.js'

describe('GET /api/health', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('reports ok, the version and which database it reached', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: { driver: process.env.DATABASE_URL ? 'postgres' : 'pglite', reachable: true },
    })
  })

  it('answers 503 degraded when the database cannot be reached', async () => {
    const other = await createTestContext()
    await other.database.close()
    const res = await other.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false } })
    await other.app.close()
    await other.jobs.stop().catch(() => {})
    await other.database.drop().catch(() => {})
  })
})
