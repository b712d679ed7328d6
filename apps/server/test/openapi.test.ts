import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.js'

describe('GET /api/docs', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toBe('3.1.0')
    const health = doc.paths['/api/health'].get
    expect(health.responses['200']).toBeDefined()
    expect(health.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Health',
    })
    expect(doc.components.schemas.Health.properties.database.properties.reachable.type).toBe(
      'boolean',
    )
    expect(doc.paths['/api/docs']).toBeUndefined()
  })
})
