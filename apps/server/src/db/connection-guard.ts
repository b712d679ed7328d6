import pg from 'pg'
import { markDatabaseError } from '../lib/db-errors.js'

/** Thrown instead of waiting for a connection while the database is known not to answer. */
export class DatabaseUnavailableError extends Error {
  constructor(message = 'The database does not answer (a fresh connection could not reach it)') {
    super(message)
    this.name = 'DatabaseUnavailableError'
  }
}

export interface ConnectionGuardOptions {
  connectionString: string
  /** How long a fresh connection and its one query may take (DATABASE_CONNECT_TIMEOUT_MS). */
  connectMs: number
  /** A query unanswered this long gets its connection checked. */
  checkAfterMs: number
}

export interface ConnectionGuard {
  /** The pg.Client class (a Pool's `Client` option) whose connections the guard watches. */
  readonly Client: typeof pg.Client
  /** Since the last check found the database unreachable, until one reaches it again. */
  readonly unreachable: boolean
  stop(): void
}

type Watched = pg.Client & { pending: number; since: number }

/** Ends a connection at once: its queries fail with "Connection terminated unexpectedly". */
export function destroyConnection(client: pg.Client): void {
  ;(
    client as unknown as { connection: { stream: { destroy(): void } } }
  ).connection.stream.destroy()
}

/**
 * Finds connections that stopped answering without being closed (a NAT timeout, a failover, a cut
 * cable), which neither the pool nor TCP notices for many minutes, and ends them so that their
 * queries fail now and the pool opens new ones (issue 21, docs/decisions/021-database-faults.md).
 *
 * A query unanswered for `checkAfterMs` is not necessarily lost (a long statement, a lock wait), so
 * the database is asked on a fresh connection what each such connection's backend is doing: one
 * that is not running a statement (its answer was lost, or its query never arrived) or no longer
 * exists is ended. When the fresh connection cannot reach the database within `connectMs`, every
 * such connection is ended, and until a later check reaches it the database counts as
 * unreachable, so that requests fail at once instead of each waiting for a connection.
 *
 * node-postgres' own `query_timeout` is not used: it gives up on the query but keeps the connection
 * (pg 8.23 destroys it only in pipeline mode), so the next query queues behind the lost one, and
 * it cannot be lifted for the few long operations.
 */
export function createConnectionGuard(options: ConnectionGuardOptions): ConnectionGuard {
  const watched = new Set<Watched>()
  let unreachable = false
  let checking = false

  class GuardedClient extends pg.Client {
    pending = 0
    since = 0
    constructor(config?: string | pg.ClientConfig) {
      // A pool waits longer for a free connection than a new connection may take to open (pg-pool
      // uses one setting for both): opening is held to the connect timeout here.
      super(
        typeof config === 'object'
          ? { ...config, connectionTimeoutMillis: options.connectMs }
          : config,
      )
      // A connection that breaks while checked out has no listener of the pool's, and an 'error'
      // without a listener ends the process; its queries fail with the error anyway.
      this.on('error', () => {})
      watched.add(this)
      this.once('end', () => watched.delete(this))
    }

    /**
     * pg-boss ends its listening connection after `removeAllListeners()`, which drops the listener
     * above: a database that then terminates the connection (a restart, a forced drop) would make
     * its 'error' an uncaught exception that ends the process. An error nobody listens to is the
     * connection's end, already seen by its queries, and is not thrown.
     */
    override emit(event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'error' && this.listenerCount('error') === 0) {
        markDatabaseError(args[0])
        return false
      }
      return super.emit(event, ...args)
    }
  }
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown
  ;(
    GuardedClient.prototype as unknown as { query: (this: Watched, ...args: unknown[]) => unknown }
  ).query = function guardedQuery(this: Watched, ...args: unknown[]) {
    if (this.pending++ === 0) this.since = Date.now()
    let settled = false
    const done = () => {
      if (settled) return
      settled = true
      this.pending--
      // The next query queued on this connection starts now.
      if (this.pending > 0) this.since = Date.now()
    }
    const last = args.length - 1
    const callback = args[last]
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        if (results[0]) markDatabaseError(results[0])
        done()
        return (callback as (...r: unknown[]) => unknown)(...results)
      }
    }
    let result: unknown
    try {
      result = query.apply(this, args)
    } catch (error) {
      done()
      throw error
    }
    if (typeof callback !== 'function') {
      if (result instanceof Promise)
        result.then(done, (error: unknown) => {
          markDatabaseError(error)
          done()
        })
      // A submittable (a cursor) is not watched: it answers in its own time.
      else done()
    }
    return result
  }

  /** The backends among `pids` that are running a statement, asked on a fresh connection. */
  async function runningBackends(pids: number[]): Promise<Set<number>> {
    const probe = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectMs,
      query_timeout: options.connectMs,
      application_name: 'hackstage connection check',
    })
    probe.on('error', () => {})
    try {
      await probe.connect()
      const { rows } = await probe.query<{ pid: number }>(
        `select pid from pg_stat_activity where pid = any($1::int[]) and state = 'active'`,
        [pids],
      )
      return new Set(rows.map((row) => row.pid))
    } finally {
      // Ended without waiting: on a stalled network the goodbye is never answered (a probe left
      // with its query unanswered has its socket destroyed by end()).
      void probe.end().catch(() => {})
    }
  }

  async function check(): Promise<void> {
    if (checking) return
    const started = Date.now()
    const stuck = [...watched].filter(
      (client) => client.pending > 0 && started - client.since >= options.checkAfterMs,
    )
    if (stuck.length === 0 && !unreachable) return
    checking = true
    // Still waiting for the same query as when the check began.
    const stillStuck = (client: Watched) => client.pending > 0 && client.since <= started
    try {
      const running = await runningBackends(
        stuck.map((client) => (client as unknown as { processID: number }).processID),
      )
      unreachable = false
      for (const client of stuck) {
        const pid = (client as unknown as { processID: number }).processID
        if (stillStuck(client) && !running.has(pid)) destroyConnection(client)
      }
    } catch {
      unreachable = true
      for (const client of stuck) if (stillStuck(client)) destroyConnection(client)
    } finally {
      checking = false
    }
  }

  const timer = setInterval(() => void check(), Math.max(100, Math.floor(options.checkAfterMs / 4)))
  timer.unref()
  return {
    Client: GuardedClient,
    get unreachable() {
      return unreachable
    },
    stop: () => clearInterval(timer),
  }
}
