/**
 * Issue 21 (docs/decisions/021-database-faults.md): a connection whose listeners were all removed
 * (pg-boss does this before ending its listening connection) and that the database then terminates
 * must not end the process with an uncaught 'error'.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConnectionGuard, type ConnectionGuard } from '../src/db/connection-guard.js'
import { adminUrl } from './postgres-url.js'

const url = process.env.DATABASE_URL!

describe('a guarded PostgreSQL connection terminated after its listeners were removed', () => {
  let guard: ConnectionGuard
  const uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)
  beforeAll(() => {
    guard = createConnectionGuard({ connectionString: url, connectMs: 3000, checkAfterMs: 60_000 })
    process.on('uncaughtException', onUncaught)
  })
  afterAll(() => {
    guard.stop()
    process.off('uncaughtException', onUncaught)
  })

  it('does not throw an error nobody listens to', () => {
    const client = new guard.Client(url)
    client.removeAllListeners()
    expect(() => client.emit('error', new Error('terminating connection'))).not.toThrow()
  })

  it('survives the database terminating it while it ends, as a forced drop or a restart does', async () => {
    const client = new guard.Client(url)
    await client.connect()
    const pid = (client as unknown as { processID: number }).processID
    const ended = new Promise((resolve) => client.once('end', resolve))
    client.removeAllListeners('error')
    const admin = new pg.Client({ connectionString: adminUrl(url) })
    await admin.connect()
    try {
      await admin.query('select pg_terminate_backend($1)', [pid])
    } finally {
      await admin.end()
    }
    await ended
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(uncaught).toEqual([])
  })
})
