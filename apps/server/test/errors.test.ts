import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../src/plugins/app-error.js'
import { createTestContext, type TestContext } from './app.js'

describe('one error shape for every failure', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
    // Routes that exist only in this test, to drive each kind of failure through the real handler.
    ctx.app.post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({
            name: z.string().min(2, 'Name must be at least 2 characters'),
            age: z.number().int(),
          }),
        },
      },
      async (request) => request.body,
    )
    ctx.app.get('/api/test/conflict', async () => {
      throw new AppError(409, 'That email is already registered')
    })
    ctx.app.get('/api/test/crash', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42')
    })
  })
  afterAll(() => ctx.close())

  it('answers invalid fields with 400 and a message naming each field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'A', age: 'old' },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('VALIDATION_ERROR')
    expect(body.message).toContain('name: Name must be at least 2 characters')
    expect(body.message).toContain('age:')
  })

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message'])
  })

  it('answers an oversized body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), age: 1 }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('answers an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'name=Ada',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toHaveProperty('message')
  })

  it("turns a service's AppError into its status and message", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/conflict' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'That email is already registered', code: 'CONFLICT' })
  })

  it('hides the details of an unexpected error behind a 500 with a generic message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/crash' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL_ERROR',
    })
    expect(res.body).not.toContain('secret internal detail')
  })

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      message: 'No route for GET /api/no-such-thing',
      code: 'NOT_FOUND',
    })
  })
})
