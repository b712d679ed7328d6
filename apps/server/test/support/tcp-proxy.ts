import { createServer, connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export type ProxyMode = 'pass' | 'refuse' | 'stall'

export interface TcpProxy {
  port: number
  /** `url` with its host and port replaced by the proxy's (a PostgreSQL connection string). */
  urlFor(url: string): string
  /** Forward bytes both ways again, on the connections kept through a stall and on new ones. */
  resume(): void
  /** Close every new connection at once (a database that is down: connection refused). */
  refuse(): void
  /**
   * Keep every socket open and forward nothing, either way, on existing and new connections: a
   * cable cut or a NAT timeout, where nothing is closed and nothing arrives.
   */
  stall(): void
  /**
   * The connections open now go silently dead for good (their bytes are dropped, nothing is
   * closed), while new connections pass: a NAT table or a failover forgetting them.
   */
  blackhole(): void
  /** Cut every open connection (both sides closed), as a database restart would. */
  cutAll(): void
  readonly mode: ProxyMode
  /** Connections open now (silently dead ones included), and accepted since the start. */
  readonly open: number
  readonly accepted: number
  close(): Promise<void>
}

interface Pair {
  client: Socket
  server: Socket
  /** Bytes held back while stalled, per direction, delivered on resume. */
  toServer: Buffer[]
  toClient: Buffer[]
  /** Silently dead: nothing is forwarded on it again. */
  dead: boolean
}

/**
 * A TCP proxy on a free loopback port in front of `target` (PostgreSQL on 127.0.0.1:5432 in the
 * fault tests of issue 21) that can pass traffic, refuse new connections, stall every
 * connection without closing it, and resume. Bytes that arrive during a stall are held, not
 * dropped, so a connection that lives through it is intact afterwards (a network that comes back).
 */
export async function startTcpProxy(
  target: { host: string; port: number } = { host: '127.0.0.1', port: 5432 },
): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass'
  let accepted = 0
  const pairs = new Set<Pair>()

  const forward = (pair: Pair, from: Socket, to: Socket, held: Buffer[]) => {
    from.on('data', (chunk: Buffer) => {
      if (pair.dead) return
      if (mode === 'stall') held.push(chunk)
      else to.write(chunk)
    })
  }
  const flush = (pair: Pair) => {
    if (pair.dead) return
    for (const chunk of pair.toServer.splice(0)) pair.server.write(chunk)
    for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk)
  }

  const server = createServer((client) => {
    accepted++
    client.on('error', () => {})
    if (mode === 'refuse') {
      client.destroy()
      return
    }
    const upstream = connect(target.port, target.host)
    upstream.on('error', () => {})
    const pair: Pair = { client, server: upstream, toServer: [], toClient: [], dead: false }
    pairs.add(pair)
    forward(pair, client, upstream, pair.toServer)
    forward(pair, upstream, client, pair.toClient)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('close', end)
    upstream.on('close', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  return {
    port,
    urlFor(url) {
      const parsed = new URL(url)
      parsed.hostname = '127.0.0.1'
      parsed.port = String(port)
      return parsed.toString()
    },
    resume() {
      mode = 'pass'
      for (const pair of pairs) flush(pair)
    },
    refuse() {
      mode = 'refuse'
    },
    stall() {
      mode = 'stall'
    },
    blackhole() {
      for (const pair of pairs) pair.dead = true
    },
    cutAll() {
      for (const pair of pairs) {
        pair.client.destroy()
        pair.server.destroy()
      }
      pairs.clear()
    },
    get mode() {
      return mode
    },
    get open() {
      return pairs.size
    },
    get accepted() {
      return accepted
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) {
          pair.client.destroy()
          pair.server.destroy()
        }
        pairs.clear()
        server.close(() => resolve())
      }),
  }
}
