import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.js'

describe('GET /api/health (readiness) and /api/health/live (liveness)', () => {
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

  it('answers 503 degraded when the database cannot be reached, while liveness stays 200', async () => {
    const other = await createTestContext()
    await other.database.close()
    const res = await other.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false } })
    // An orchestrator must not restart an instance because the database is away.
    const live = await other.app.inject({ method: 'GET', url: '/api/health/live' })
    expect(live.statusCode).toBe(200)
    expect(live.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) })
    await other.app.close()
    await other.jobs.stop().catch(() => {})
    await other.database.drop().catch(() => {})
  })

  it('never rate-limits the probes, though other routes are', async () => {
    const strict = await createTestContext({ RATE_LIMIT_PER_MINUTE: '2' })
    try {
      for (let i = 0; i < 5; i++) {
        const ready = await strict.app.inject({ method: 'GET', url: '/api/health' })
        const live = await strict.app.inject({ method: 'GET', url: '/api/health/live' })
        expect([ready.statusCode, live.statusCode]).toEqual([200, 200])
      }
      const codes: number[] = []
      for (let i = 0; i < 3; i++) {
        codes.push(
          (await strict.app.inject({ method: 'GET', url: '/api/auth/options' })).statusCode,
        )
      }
      expect(codes).toEqual([200, 200, 429])
    } finally {
      await strict.close()
    }
  })
})
