/**
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--force]` (issues 13 and 21).
 *
 * PostgreSQL (DATABASE_URL): pg_dump's custom format; the backup runs while the server runs
 * (pg_dump reads one snapshot). A restore into a database that holds data needs --force: the
 * database is first dumped aside, then emptied and restored in one transaction (psql), so a
 * failure leaves it as it was. pg_restore --clean cannot do it: pg-boss's partitioned table
 * refuses its drops.
 * Embedded (DATA_DIR): a consistent copy of PGlite's data directory (its own dumpDataDir, a
 * gzipped tar) taken under the directory's lock, so only while the server is stopped; a restore
 * refuses to replace an existing database without --force, and then keeps it aside.
 * The generated secret key (DATA_DIR/secret.key, which seals the SMTP password) is written beside
 * the backup as FILE.secret.key and installed by the restore; a SECRET_KEY from the environment is
 * not, and the backup says so (docs/decisions/024).
 */
import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
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

/** The generated secret key's file beside a backup. */
const keyFileOf = (backupFile: string) => `${backupFile}.secret.key`

/**
 * What the backup says about the secret key: it is beside the backup (generated key), or it is
 * NOT in it (SECRET_KEY from the environment), loudly, since the stored SMTP password needs it.
 */
function backUpSecretKey(config: ReturnType<typeof loadConfig>, out: string): string {
  if (config.secretKey)
    return (
      '\nWARNING: SECRET_KEY is NOT in this backup. It comes from the environment: keep its value ' +
      'with the backup (in a password manager). A restored platform needs the same SECRET_KEY to ' +
      'open the stored SMTP password; without it email stops until the password is entered again.'
    )
  const key = join(config.dataDir, 'secret.key')
  if (!existsSync(key))
    return '\nNo secret key was generated yet in DATA_DIR: nothing is sealed with one.'
  copyFileSync(key, keyFileOf(out))
  chmodSync(keyFileOf(out), 0o600)
  return `, with the secret key in ${keyFileOf(out)}: keep the two files together (the key opens the stored SMTP password).`
}

/** Installs the backup's secret key into DATA_DIR (the old one kept aside), or says why not. */
function restoreSecretKey(config: ReturnType<typeof loadConfig>, file: string): string {
  const saved = keyFileOf(resolve(file))
  if (config.secretKey)
    return existsSync(saved)
      ? `\nSECRET_KEY is set, so the backup's key in ${saved} was not installed: SECRET_KEY must be the key the backup was made with.`
      : ''
  if (!existsSync(saved))
    return (
      `\nWARNING: no secret key came with this backup (${saved}). Stored secrets (the SMTP ` +
      `password) open only with the key they were sealed with: put it in ${join(config.dataDir, 'secret.key')} ` +
      'or SECRET_KEY, or enter the SMTP password again on Settings > Email.'
    )
  const key = join(config.dataDir, 'secret.key')
  const wanted = readFileSync(saved, 'utf8')
  if (existsSync(key) && readFileSync(key, 'utf8') === wanted)
    return "\nThe secret key is the backup's."
  mkdirSync(config.dataDir, { recursive: true })
  if (existsSync(key)) renameSync(key, `${key}.before-restore-${stamp()}`)
  writeFileSync(key, wanted, { mode: 0o600 })
  return `\nInstalled the backup's secret key into ${key}.`
}

/** Whether the database holds any table outside PostgreSQL's own schemas. */
async function holdsData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ used: boolean }>(
      `select exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                       where c.relkind in ('r', 'p')
                         and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%') as used`,
    )
    return rows[0]!.used
  } finally {
    await client.end()
  }
}

/** Drops every schema of the database's own (the platform's, pg-boss's, drizzle's), then public again. */
const EMPTY_DATABASE = `do $$
declare s text;
begin
  for s in select nspname from pg_namespace
            where nspname <> 'information_schema' and nspname not like 'pg\\_%' loop
    execute format('drop schema %I cascade', s);
  end loop;
  create schema public;
end $$;`

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
    // Several instances must share SECRET_KEY (main.ts warns without it); one may still use a
    // generated key file.
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
    `Backed up the ${driver === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${out}${backUpSecretKey(config, out)}`,
  )
}

async function restore(): Promise<void> {
  const file = argv[1]
  if (!file || file.startsWith('--') || !existsSync(file))
    throw new Error('Name the backup file to restore: npm run restore -- FILE [--force]')
  const config = loadConfig()
  if (config.databaseUrl) {
    let keptAside = ''
    if (await holdsData(config.databaseUrl)) {
      if (!argv.includes('--force'))
        throw new Error(
          'The database of DATABASE_URL already holds data. To replace it with the backup, run:\n' +
            `  npm run restore -- ${file} --force\n` +
            '(its current contents are first saved to backups/hackstage-postgres-before-restore-<time>.dump)',
        )
      keptAside = resolve(`backups/hackstage-postgres-before-restore-${stamp()}.dump`)
      mkdirSync(dirname(keptAside), { recursive: true })
      run('pg_dump', ['--format=custom', '--no-owner', `--file=${keptAside}`, config.databaseUrl])
    }
    // Emptied and restored in one transaction: a failure leaves the database as it was.
    const work = mkdtempSync(join(tmpdir(), 'hackstage-restore-'))
    try {
      const script = join(work, 'restore.sql')
      run('pg_restore', ['--no-owner', '--no-acl', `--file=${script}`, resolve(file)])
      run('psql', [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        `--dbname=${config.databaseUrl}`,
        `--command=${EMPTY_DATABASE}`,
        `--file=${script}`,
      ])
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
    console.log(
      `Restored ${file} into the PostgreSQL database of DATABASE_URL` +
        (keptAside ? ` (what it held before is in ${keptAside})` : '') +
        restoreSecretKey(config, file),
    )
    return
  }
  let keyNote: string
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
    keyNote = restoreSecretKey(config, file)
  } finally {
    await release()
  }
  console.log(`Restored ${file} into the embedded database in ${config.dataDir}${keyNote}`)
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
