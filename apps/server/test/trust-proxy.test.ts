/**
 * Issue 20, item 4: behind a load balancer the client's address comes from X-Forwarded-For, but
 * only the part that the trusted proxies wrote. TRUST_PROXY takes a number of hops or the proxies'
 * addresses; `true` means one hop, never "believe whatever the client sent".
 */
import { createServer, request, type Agent, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { createTestContext, type TestContext } from './app.js'
import { burst } from './support/burst.js'

/**
 * A load balancer on loopback: forwards every request to `backend` and appends the address of the
 * peer it accepted the connection from to X-Forwarded-For, as nginx's
 * `$proxy_add_x_forwarded_for` and cloud load balancers do.
 */
async function loadBalancer(backend: string) {
  const server: Server = createServer((incoming, outgoing) => {
    const sent = incoming.headers['x-forwarded-for']
    const peer = incoming.socket.remoteAddress!
    const upstream = request(
      new URL(incoming.url ?? '/', backend),
      {
        method: incoming.method,
        headers: { ...incoming.headers, 'x-forwarded-for': sent ? `${sent}, ${peer}` : peer },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** POSTs JSON to `url` from the local address `from` (any of 127.0.0.0/8 on loopback). */
function postFrom(
  from: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  agent?: Agent,
) {
  return new Promise<{ status: number }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        agent,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

describe('TRUST_PROXY', () => {
  it('takes false, a number of hops, or the proxies’ addresses and ranges; true means one hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8, loopback' }).trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback'])
  })

  it('refuses a value that is neither a hop count nor addresses, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/)
  })
})

describe.each([
  ['true (one hop)', 'true'],
  ['the proxy’s address', '127.0.0.1'],
])('per-address limits behind one real proxy hop, TRUST_PROXY = %s', (_, trustProxy) => {
  let ctx: TestContext
  let proxy: Awaited<ReturnType<typeof loadBalancer>>

  beforeAll(async () => {
    ctx = await createTestContext({
      TRUST_PROXY: trustProxy,
      OTP_RESEND_SECONDS: '0',
      OTP_MAX_PER_ADDRESS_PER_HOUR: '5',
      RATE_LIMIT_PER_MINUTE: '100000',
    })
    proxy = await loadBalancer(await ctx.app.listen({ port: 0, host: '127.0.0.1' }))
  })
  afterAll(async () => {
    if (proxy) await new Promise((resolve) => proxy.server.close(resolve))
    await ctx?.close()
  })

  it('holds a client rotating its own X-Forwarded-For in a burst of 300 to its real address’s 5, and gives another client its own 5', async () => {
    const sendOtp = (from: string, i: number) =>
      postFrom(
        from,
        `${proxy.url}/api/applicant/send-otp`,
        { identifier: `rotating.${from}.${i}@example.org` },
        { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      )
    const rotating = await burst(300, (i) => sendOtp('127.0.0.2', i))
    expect(rotating.statuses).toEqual({ 200: 5, 429: 295 })
    const other = await burst(5, (i) => sendOtp('127.0.0.3', i))
    expect(other.statuses).toEqual({ 200: 5 })
  }, 60_000)
})
