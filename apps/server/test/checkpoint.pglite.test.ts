/**
 * Issue 21, item 7: a restart after a crash replays the write-ahead log written since the last
 * checkpoint. A standalone PGlite backend has no checkpointer: it checkpointed only when
 * max_wal_size (1 GB) filled, so a restart after kill -9 replayed up to a gigabyte of log. The
 * maintenance timer now checkpoints when more than a little log was written
 * (docs/decisions/023-embedded-lock-start-and-memory.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../src/db/client.js'
import { startPgliteAutovacuum } from '../src/db/maintenance.js'
import { eventually } from './support/eventually.js'

describe('the embedded database write-ahead log', () => {
  let database: Awaited<ReturnType<typeof openPglite>>
  beforeAll(async () => {
    database = await openPglite()
  })
  afterAll(() => database.close())

  /** Bytes of log a crash recovery would replay now. */
  const sinceCheckpoint = async () =>
    (
      await database.pglite.query<{ bytes: number }>(
        `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as bytes
           from pg_control_checkpoint()`,
      )
    ).rows[0]!.bytes

  it('is checkpointed by the maintenance timer after writes, so a crash replays only what came since', async () => {
    await database.pglite.exec(`create table log_churn (id int primary key, v text);
      insert into log_churn select g, repeat('x', 200) from generate_series(1, 40000) g;`)
    expect(await sinceCheckpoint()).toBeGreaterThan(4_000_000)
    const stop = startPgliteAutovacuum(
      database.pglite,
      (error) => {
        throw error
      },
      100,
    )
    try {
      await eventually(
        async () => ((await sinceCheckpoint()) < 1_000_000 ? true : undefined),
        'a checkpoint',
        30_000,
      )
    } finally {
      stop()
    }
  }, 60_000)
})
