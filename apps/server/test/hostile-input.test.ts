import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.js'
import { ACCESS, identityHeaders, type Audience } from './support/access.js'

/** Field names the API uses, so generated objects reach the validators with the wrong things. */
const KEYS = [
  'name',
  'email',
  'mobile',
  'studentId',
  'identifier',
  'otp',
  'password',
  'currentPassword',
  'status',
  'stageId',
  'githubUrl',
  'documents',
  'requirements',
  'prizes',
  'startTime',
  'endTime',
  'search',
  'page',
  'limit',
  'scores',
  'role',
  'enableEmails',
  '__proto__',
  'constructor',
  'prototype',
]

const FRAGMENTS = [
  "' OR 1=1 --",
  "'); drop table applicants; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '=HYPERLINK("http://evil.example")',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u2066',
  '𝕳𝖆𝖈𝖐',
  'e\u0301',
  '\ud800',
]

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...FRAGMENTS),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'a'.repeat(n)),
)

const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), tie('value'), {
      maxKeys: 5,
    }),
  ),
})).value

/** A request body as sent on the wire: JSON of a hostile value, or text that is not JSON at all. */
const body = fc.oneof(
  value.map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}}}',
    '{"a":',
    '',
    'null',
    '[]',
    '"just a string"',
  ),
  fc.integer({ min: 100, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 100, max: 5_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
)

const query = fc
  .array(fc.tuple(fc.constantFrom(...KEYS), text), { maxLength: 4 })
  .map((pairs) =>
    pairs.length
      ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.slice(0, 3000))}`).join('&')}`
      : '',
  )

const param = fc.oneof(
  fc.uuid(),
  text.map((t) => encodeURIComponent(t.slice(0, 300)) || 'x'),
  fc.constantFrom('..', '%2e%2e', '0', '-1', "1'", '%00'),
)

describe('hostile input on every route', () => {
  let ctx: TestContext
  let base: string
  let headersFor: Record<Audience, Record<string, string>>

  beforeAll(async () => {
    ctx = await createTestContext()
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const who = await identityHeaders(ctx)
    headersFor = {
      anyone: who.anonymous,
      signedIn: who.applicant,
      applicant: who.applicant,
      staff: who.admin,
      admin: who.admin,
      jury: who.jury,
    }
  })
  afterAll(() => ctx.close())

  it('answers generated malformed bodies, queries and path parameters with a 4xx and a readable JSON message, never a 5xx, and keeps serving', async () => {
    // Called as someone allowed to, so that input reaches the validators; routes that end the
    // session or hold a stream open are left to the access matrix.
    const routes = ctx.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !/logout|\/api\/events|\/api\/login/.test(r.url) &&
        `${r.method} ${r.url}` in ACCESS,
    )
    const failures: string[] = []
    for (const { method, url } of routes) {
      const audience = ACCESS[`${method} ${url}`]!
      await fc
        .assert(
          fc.asyncProperty(param, query, body, async (id, search, payload) => {
            const path = url.replace(/:[a-zA-Z]+/g, id) + search
            const hasBody = method !== 'GET' && method !== 'DELETE'
            const res = await fetch(`${base}${path}`, {
              method,
              redirect: 'manual',
              headers: {
                ...headersFor[audience],
                ...(hasBody ? { 'content-type': 'application/json' } : {}),
              },
              body: hasBody ? payload : undefined,
            })
            const text = await res.text()
            if (res.status >= 500)
              failures.push(`${method} ${path.slice(0, 120)}: ${res.status} ${text.slice(0, 200)}`)
            if (res.status >= 400 && res.status < 500) {
              const message = (() => {
                try {
                  return (JSON.parse(text) as { message?: unknown }).message
                } catch {
                  return undefined
                }
              })()
              if (typeof message !== 'string' || message.length === 0)
                failures.push(
                  `${method} ${path.slice(0, 120)}: ${res.status} without a JSON message`,
                )
            }
            return res.status < 500
          }),
          { numRuns: 12, seed: 1312 },
        )
        .catch(() => {})
    }
    expect(failures).toEqual([])
    // Nothing reached Object.prototype, and the server still answers.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect((await fetch(`${base}/api/health`)).status).toBe(200)
  }, 240_000)
})
