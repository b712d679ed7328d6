import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { rowsOf } from '../src/db/client.js'
import { openConfiguredDatabase } from '../src/db/open.js'
import { backupCli } from './support/backup-cli.js'

describe('backup and restore on PostgreSQL', () => {
  const name = `hk_backup_${process.pid}_${Date.now()}`
  const adminUrl = process.env.DATABASE_URL!
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`)
  const dir = mkdtempSync(join(tmpdir(), 'hk-pgbackup-'))
  const file = join(dir, 'backup.dump')
  const env = { DATABASE_URL: url, DATA_DIR: dir }

  const admin = async (statement: string) => {
    const client = new pg.Client(adminUrl)
    await client.connect()
    await client.query(statement)
    await client.end()
  }
  const withDatabase = async <T>(work: (db: Awaited<ReturnType<typeof open>>) => Promise<T>) => {
    const opened = await open()
    try {
      return await work(opened)
    } finally {
      await opened.close()
    }
  }
  const open = () => openConfiguredDatabase(loadConfig({ DATABASE_URL: url }), () => {})
  const names = (opened: Awaited<ReturnType<typeof open>>) =>
    rowsOf<{ name: string }>(opened.database.db, sql`select name from rounds order by name`).then(
      (rows) => rows.map((r) => r.name),
    )

  beforeAll(() => admin(`create database ${name}`))
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`)
    rmSync(dir, { recursive: true, force: true })
  })

  it('dumps with pg_dump and restores with pg_restore, back to the rows of the dump', async () => {
    await withDatabase((opened) =>
      opened.database.db.execute(
        sql`insert into rounds (name, description) values ('Kept by the backup', 'Round one')`,
      ),
    )
    const made = backupCli(['backup', '--out', file], env)
    expect(made.output).toContain('Backed up the PostgreSQL database')
    expect(made.status).toBe(0)
    await withDatabase((opened) =>
      opened.database.db.execute(
        sql`insert into rounds (name, description) values ('Made after the backup', 'Round two')`,
      ),
    )
    const restored = backupCli(['restore', file], env)
    expect(restored.output).toContain('Restored')
    expect(restored.status).toBe(0)
    expect(await withDatabase(names)).toEqual(['Kept by the backup'])
  }, 180_000)
})
