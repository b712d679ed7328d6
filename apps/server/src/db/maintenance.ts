import type { PGlite } from '@electric-sql/pglite'

/**
 * PGlite runs PostgreSQL as a standalone backend: no autovacuum (measured: 20,000 dead rows and no
 * page marked all-visible a minute after an update). Without it, dead rows pile up, statistics go
 * stale and index-only scans (the list's pages, docs/decisions/015) read the heap. This does what
 * autovacuum would, with its default thresholds: a table is vacuumed when its dead rows pass 50 +
 * 20% of its rows, and analyzed when its changes since the last analyze pass 50 + 10%.
 * Returns the tables it vacuumed or analyzed.
 */
export async function vacuumWhereNeeded(pglite: PGlite): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string; vacuum: boolean; analyze: boolean }>(
    `select format('%I.%I', s.schemaname, s.relname) as name,
            s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum,
            s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
         or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`,
  )
  for (const table of rows)
    await pglite.exec(table.vacuum ? `vacuum (analyze) ${table.name}` : `analyze ${table.name}`)
  return rows.map((r) => r.name)
}

/** Log written since the last checkpoint above which the maintenance timer writes one. */
const CHECKPOINT_AFTER_BYTES = 1024 * 1024

/**
 * A standalone PGlite backend has no checkpointer either: it checkpoints only when max_wal_size
 * (1 GB) fills, and a restart after a crash replays all the log since (measured: 657 MB of log
 * after seeding 100,000 applicants). Writes a checkpoint when more than a megabyte of log came
 * since the last one, so a recovery replays at most about one maintenance interval of writes
 * (docs/decisions/023-embedded-lock-start-and-memory.md). Whether it wrote one.
 */
export async function checkpointIfWritten(pglite: PGlite): Promise<boolean> {
  const { rows } = await pglite.query<{ behind: boolean }>(
    `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn) > ${CHECKPOINT_AFTER_BYTES} as behind
       from pg_control_checkpoint()`,
  )
  if (!rows[0]?.behind) return false
  await pglite.exec('checkpoint')
  return true
}

/**
 * Runs vacuumWhereNeeded, then checkpointIfWritten, every `intervalMs` (autovacuum's naptime is
 * one minute).
 */
export function startPgliteAutovacuum(
  pglite: PGlite,
  onError: (error: unknown) => void,
  intervalMs = 60_000,
): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running || pglite.closed) return
    running = true
    vacuumWhereNeeded(pglite)
      .then(() => checkpointIfWritten(pglite))
      .catch(onError)
      .finally(() => (running = false))
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
