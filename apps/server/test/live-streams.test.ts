/**
 * How many live event streams (GET /api/events) staff may hold, and for how long (issue 20): one
 * juror opening a thousand streams must not starve everyone else, and a stream ends with the
 * session it was opened with. Real HTTP streams on a listening server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.js'
import { addStaff, signIn } from './staff-helpers.js'
import { burst } from './support/burst.js'
import { openEvents } from './support/event-stream.js'
import { eventually } from './support/eventually.js'

type Stream = Awaited<ReturnType<typeof openEvents>>

let people = 0
/** A new staff member, and a way to sign them in (each sign-in is a session of its own). */
async function newStaff(ctx: TestContext, role: 'admin' | 'jury' = 'jury') {
  people += 1
  const email = `streamer.${people}@example.org`
  const row = await addStaff(ctx.database.db, { email, password: 'stream password', role })
  return { id: row.id, signIn: () => signIn(ctx.app, email, 'stream password') }
}

/** Opens the stream without reading it: the answer's status, body and how long it took. */
async function ask(base: string, cookie: string) {
  const started = Date.now()
  const abort = new AbortController()
  const res = await fetch(`${base}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  })
  const ms = Date.now() - started
  // The response is kept: undici cancels the body of a response that is garbage-collected unread,
  // which closes the stream and frees its place on the server in the middle of a count.
  if (res.ok) return { status: res.status, ms, close: () => abort.abort(), body: '', response: res }
  return { status: res.status, ms, close: () => {}, body: await res.text(), headers: res.headers }
}

/** Whether the server ended `stream` within `ms`. */
const endsWithin = (stream: Stream, ms: number) =>
  Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ])

describe('live event streams per session and per person', () => {
  let ctx: TestContext
  let base: string
  const open: { close(): void }[] = []

  beforeAll(async () => {
    ctx = await createTestContext({ LIVE_STREAMS_PER_PERSON: '7' })
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    for (const stream of open) stream.close()
    await ctx.close()
  })

  it('gives one session at most five streams of 30 asked at once, with a readable 429 for the rest, and still serves another session', async () => {
    const juror = await (await newStaff(ctx)).signIn()
    const result = await burst(30, () => ask(base, juror))
    open.push(...result.answers)
    expect(result.statuses).toEqual({ 200: 5, 429: 25 })
    const refused = result.answers.find((a) => a.status === 429)!
    expect(JSON.parse(refused.body)).toEqual({
      message:
        'Too many live update streams for this sign-in (at most 5): close some tabs of this site and try again.',
      code: 'RATE_LIMITED',
    })
    expect(refused.headers?.get('retry-after')).toBe('30')

    const colleague = await (await newStaff(ctx)).signIn()
    const theirs = await ask(base, colleague)
    open.push(theirs)
    expect(theirs.status).toBe(200)

    // A stream closed by its browser frees its place.
    result.answers.find((a) => a.status === 200)!.close()
    const again = await eventually(async () => {
      const answer = await ask(base, juror)
      open.push(answer)
      return answer.status === 200 ? answer : undefined
    }, 'a freed stream place')
    expect(again.status).toBe(200)
  })

  it('gives one person at most their share of streams however many times they sign in', async () => {
    const person = await newStaff(ctx)
    const first = await person.signIn()
    const second = await person.signIn()
    for (let i = 0; i < 5; i++) open.push(await ask(base, first))
    const fromSecond = [await ask(base, second), await ask(base, second), await ask(base, second)]
    open.push(...fromSecond)
    expect(fromSecond.map((a) => a.status)).toEqual([200, 200, 429])
    expect(JSON.parse(fromSecond[2]!.body).message).toBe(
      'Too many live update streams for your account (at most 7): close some tabs or windows of this site, or sign out on another device, and try again.',
    )
  })
})

describe('live event streams on a full server', () => {
  let ctx: TestContext
  let base: string
  const open: { close(): void }[] = []

  beforeAll(async () => {
    ctx = await createTestContext({ LIVE_STREAMS_MAX: '2' })
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    for (const stream of open) stream.close()
    await ctx.close()
  })

  it('answers the stream past the server-wide limit at once with 503 and Retry-After, instead of holding it', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await ask(base, await (await newStaff(ctx)).signIn())
      open.push(answer)
      expect(answer.status).toBe(200)
    }
    const late = await ask(base, await (await newStaff(ctx)).signIn())
    expect(late.status).toBe(503)
    expect(late.ms).toBeLessThan(2000)
    expect(JSON.parse(late.body).message).toBe(
      'Too many live connections on this server. Please try again later.',
    )
    expect(late.headers?.get('retry-after')).toBe('30')
  })
})

describe('live event streams outlive no session', () => {
  let ctx: TestContext
  let base: string
  let admin: string

  beforeAll(async () => {
    ctx = await createTestContext({ LIVE_SESSION_CHECK_SECONDS: '0.2' })
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    admin = await (await newStaff(ctx, 'admin')).signIn()
  })
  afterAll(() => ctx.close())

  it('ends the stream of a session that signed out, and keeps the others', async () => {
    const juror = await (await newStaff(ctx)).signIn()
    const leaving = await openEvents(`${base}/api/events`, juror)
    const staying = await openEvents(`${base}/api/events`, admin)
    try {
      const out = await ctx.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie: juror },
      })
      expect(out.statusCode).toBe(302)
      expect(await endsWithin(leaving, 3000)).toBe(true)
      expect(await endsWithin(staying, 1000)).toBe(false)
    } finally {
      await leaving.close()
      await staying.close()
    }
  })

  it('ends the streams of a staff member an admin deactivated', async () => {
    const person = await newStaff(ctx)
    const stream = await openEvents(`${base}/api/events`, await person.signIn())
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/staff/${person.id}/deactivate`,
        headers: { cookie: admin },
        payload: {},
      })
      expect(res.statusCode).toBe(200)
      expect(await endsWithin(stream, 3000)).toBe(true)
    } finally {
      await stream.close()
    }
  })
})
