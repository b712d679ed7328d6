import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.js'
import { signedInStaff } from './staff-helpers.js'

describe('GET /api/metrics', () => {
  let ctx: TestContext
  const token = 'scraper-token-3f9a1c7e'
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: token })
  })
  afterAll(() => ctx.close())

  const metrics = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/metrics', headers })

  it('counts requests by route and status, times them, and shows the job queue and the email outbox', async () => {
    for (let i = 0; i < 3; i++) await ctx.app.inject({ method: 'GET', url: '/api/health' })
    await ctx.app.inject({ method: 'GET', url: '/api/applicants' })
    const res = await metrics({ authorization: `Bearer ${token}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    expect(res.body).toContain(
      'http_requests_total{method="GET",route="/api/health",status_code="200"} 3',
    )
    expect(res.body).toContain(
      'http_requests_total{method="GET",route="/api/applicants",status_code="401"} 1',
    )
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} 3/,
    )
    expect(res.body).toContain('email_messages{status="failed"} 0')
    expect(res.body).toContain('# TYPE job_queue_depth gauge')
    expect(res.body).toContain('process_resident_memory_bytes')
  })

  it('answers a scraper with the token or an admin; refuses a wrong token, no one, and a jury member', async () => {
    expect((await metrics({ authorization: 'Bearer wrong-token' })).statusCode).toBe(401)
    expect((await metrics({})).statusCode).toBe(401)
    const jury = await signedInStaff(ctx.app, ctx.database.db, 'jury')
    expect((await metrics({ cookie: jury })).statusCode).toBe(403)
    const admin = await signedInStaff(ctx.app, ctx.database.db, 'admin')
    expect((await metrics({ cookie: admin })).statusCode).toBe(200)
  })
})
