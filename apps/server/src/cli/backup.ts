/**
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--force]` (issue 13).
 *
 * PostgreSQL (DATABASE_URL): pg_dump's custom format, restored by pg_restore --clean into the
 * database DATABASE_URL names; both run while the server runs (pg_dump reads one snapshot).
 * Embedded (DATA_DIR): a consistent copy of PGlite's data directory (its own dumpDataDir, a
 * gzipped tar) taken under the directory's lock, so only while the server is stopped; a restore
 * refuses to replace an existing database without --force, and then keeps it aside.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { loadConfig } from '../config.js'
import { pgliteDir } from '../db/client.js'
import { DataDirLockedError, lockDataDir, openConfiguredDatabase } from '../db/open.js'

const argv = process.argv.slice(2)
const command = argv[0]
const flag = (name: string) => {
  const at = argv.indexOf(name)
  return at === -1 ? undefined : argv[at + 1]
}
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)

function run(program: string, args: string[]): void {
  const result = spawnSync(program, args, { stdio: ['ignore', 'inherit', 'inherit'] })
  if (result.error) throw new Error(`${program} could not run: ${result.error.message}`)
  if (result.status !== 0) throw new Error(`${program} failed (exit ${result.status})`)
}

async function backup(): Promise<void> {
  const config = loadConfig()
  const driver = config.databaseUrl ? 'postgres' : 'pglite'
  const out = resolve(
    flag('--out') ??
      `backups/hackstage-${driver}-${stamp()}.${driver === 'postgres' ? 'dump' : 'tar.gz'}`,
  )
  mkdirSync(dirname(out), { recursive: true })
  if (config.databaseUrl) {
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, config.databaseUrl])
  } else {
    const opened = await openConfiguredDatabase(config, () => process.exit(1))
    try {
      const pglite = (opened.database as unknown as { pglite: PGlite }).pglite
      const dump = await pglite.dumpDataDir('gzip')
      writeFileSync(out, Buffer.from(await dump.arrayBuffer()))
    } finally {
      await opened.close()
    }
  }
  console.log(
    `Backed up the ${driver === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${out}`,
  )
}

async function restore(): Promise<void> {
  const file = argv[1]
  if (!file || file.startsWith('--') || !existsSync(file))
    throw new Error('Name the backup file to restore: npm run restore -- FILE [--force]')
  const config = loadConfig()
  if (config.databaseUrl) {
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${config.databaseUrl}`,
      resolve(file),
    ])
    console.log(`Restored ${file} into the PostgreSQL database of DATABASE_URL`)
    return
  }
  const release = await lockDataDir(config.dataDir, () => process.exit(1))
  try {
    const dir = pgliteDir(config.dataDir)
    if (existsSync(dir)) {
      if (!argv.includes('--force'))
        throw new Error(
          `${dir} already holds a database. Add --force to replace it (it is kept aside as ${dir}.before-restore-<time>).`,
        )
      renameSync(dir, `${dir}.before-restore-${stamp()}`)
    }
    const pglite = await PGlite.create({
      dataDir: dir,
      loadDataDir: new Blob([readFileSync(file)]),
      extensions: { pg_trgm },
    })
    await pglite.query('select 1')
    await pglite.close()
  } finally {
    await release()
  }
  console.log(`Restored ${file} into the embedded database in ${config.dataDir}`)
}

try {
  if (command === 'backup') await backup()
  else if (command === 'restore') await restore()
  else throw new Error('Usage: backup.ts backup [--out FILE] | restore FILE [--force]')
} catch (error) {
  console.error(
    error instanceof DataDirLockedError
      ? `${error.message}\nThe embedded database is copied while the server is stopped.`
      : error instanceof Error
        ? error.message
        : error,
  )
  process.exitCode = 1
}
