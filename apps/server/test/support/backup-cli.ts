import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../../src/config.js'
import { rowsOf, type Db } from '../../src/db/client.js'
import { openConfiguredDatabase } from '../../src/db/open.js'

/** Runs `npm run backup` / `npm run restore` as the README gives them, with `env`. */
export function backupCli(args: string[], env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '../../src/cli/backup.ts'), ...args],
    { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 },
  )
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

/** The configured database (`env` as the CLI gets it), opened for `work` and closed again. */
export async function withDatabase<T>(env: Record<string, string>, work: (db: Db) => Promise<T>) {
  const opened = await openConfiguredDatabase(loadConfig(env), () => {})
  try {
    return await work(opened.database.db)
  } finally {
    await opened.close()
  }
}

/** Adds a round named `name`: the row a backup must keep or a restore must undo. */
export const addRound = (db: Db, name: string) =>
  db.execute(sql`insert into rounds (name, description) values (${name}, 'A round')`)

/** The rounds' names, in order. */
export const roundNames = (db: Db) =>
  rowsOf<{ name: string }>(db, sql`select name from rounds order by name`).then((rows) =>
    rows.map((r) => r.name),
  )
