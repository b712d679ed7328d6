/**
 * Issue 20, item 11: a client that sends its headers or its body a byte at a time holds a
 * connection (and a request's memory) for as long as it likes unless the server bounds the time a
 * whole request may take to arrive. Real sockets against the listening server.
 */
import { connect, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { createTestContext, type TestContext } from './app.js'

interface Outcome {
  /** What the server wrote before the connection ended ('' if it just closed it). */
  answer: string
  /** Milliseconds from the first byte sent until the connection ended. */
  elapsedMs: number
  /** False when the connection was still open when the test gave up. */
  closed: boolean
}

/**
 * Opens a connection to `port`, writes `head` at once, then each of `drip` `everyMs` apart, and
 * reports what came back and when the server ended the connection (giving up after `giveUpMs`).
 */
function trickle(
  port: number,
  head: string,
  drip: string[],
  everyMs: number,
  giveUpMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const started = Date.now()
    let answer = ''
    let next = 0
    const timer = setInterval(() => {
      if (next < drip.length && socket.writable) socket.write(drip[next++]!)
    }, everyMs)
    const finish = (closed: boolean) => {
      clearInterval(timer)
      clearTimeout(giveUp)
      socket.destroy()
      resolve({ answer, elapsedMs: Date.now() - started, closed })
    }
    const giveUp = setTimeout(() => finish(false), giveUpMs)
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('close', () => finish(true))
    socket.on('error', () => {})
    socket.write(head)
  })
}

describe('slow clients', () => {
  let ctx: TestContext
  let port: number
  beforeAll(async () => {
    ctx = await createTestContext({ REQUEST_TIMEOUT_SECONDS: '4', HEADERS_TIMEOUT_SECONDS: '2' })
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    port = (ctx.app.server.address() as AddressInfo).port
  })
  afterAll(() => ctx.close())

  const postHead = (length: number) =>
    'POST /api/register HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`

  it('answers 408 and closes a request whose body trickles a byte a second, once REQUEST_TIMEOUT_SECONDS (4 s) have passed', async () => {
    const outcome = await trickle(port, postHead(1000), Array(1000).fill(' '), 1000, 10_000)
    expect(outcome.closed).toBe(true)
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/)
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(3900)
    expect(outcome.elapsedMs).toBeLessThan(7000)
  })

  it('closes a connection whose headers trickle (slowloris) once HEADERS_TIMEOUT_SECONDS (2 s) have passed', async () => {
    const outcome = await trickle(
      port,
      'GET /api/health/live HTTP/1.1\r\n',
      Array(1000).fill('X-Slow: 1\r\n'),
      250,
      10_000,
    )
    expect(outcome.closed).toBe(true)
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(1900)
    expect(outcome.elapsedMs).toBeLessThan(5000)
  })

  it('lets a steady upload that takes longer than the headers timeout, and within the request timeout, finish and be answered', async () => {
    // 64 KB of JSON in 16 pieces, 150 ms apart: 2.4 s in all, past the 2 s headers timeout.
    const pieces = ['{"padding":"', ...(Array(16).fill(' '.repeat(4096)) as string[]), '"}']
    const body = pieces.join('')
    const outcome = await trickle(
      port,
      postHead(Buffer.byteLength(body)) + pieces[0],
      pieces.slice(1),
      150,
      10_000,
    )
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 400/)
    expect(outcome.elapsedMs).toBeGreaterThan(2000)
  })

  it('defaults to 120 s for a whole request (a 10 MB upload at 100 KB/s), 30 s for headers, 72 s of keep-alive', async () => {
    const defaults = loadConfig({})
    expect(defaults.timeouts).toEqual({
      requestMs: 120_000,
      headersMs: 30_000,
      keepAliveMs: 72_000,
    })
    const plain = await createTestContext()
    try {
      expect(plain.app.server.requestTimeout).toBe(120_000)
      expect(plain.app.server.headersTimeout).toBe(30_000)
      expect(plain.app.server.keepAliveTimeout).toBe(72_000)
    } finally {
      await plain.close()
    }
  })

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() =>
      loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' }),
    ).toThrow(/HEADERS_TIMEOUT_SECONDS/)
  })
})
