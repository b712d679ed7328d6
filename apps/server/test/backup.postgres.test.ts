import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addRound, backupCli, roundNames, withDatabase } from './support/backup-cli.js'

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

  beforeAll(() => admin(`create database ${name}`))
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`)
    rmSync(dir, { recursive: true, force: true })
  })

  it('dumps with pg_dump and restores with pg_restore, back to the rows of the dump', async () => {
    await withDatabase(env, (db) => addRound(db, 'Kept by the backup'))
    const made = backupCli(['backup', '--out', file], env)
    expect(made.output).toContain('Backed up the PostgreSQL database')
    expect(made.status).toBe(0)
    await withDatabase(env, (db) => addRound(db, 'Made after the backup'))
    const restored = backupCli(['restore', file], env)
    expect(restored.output).toContain('Restored')
    expect(restored.status).toBe(0)
    expect(await withDatabase(env, roundNames)).toEqual(['Kept by the backup'])
  }, 180_000)
})
