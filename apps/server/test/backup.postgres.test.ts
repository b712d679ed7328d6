import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addRound,
  backupCli,
  registerAndReceive,
  roundNames,
  saveSmtpSettings,
  withDatabase,
  withServer,
} from './support/backup-cli.js'
import { startSmtpServer } from './support/smtp-server.js'

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

  it('dumps with pg_dump and restores it with --force, back to the rows of the dump', async () => {
    await withDatabase(env, (db) => addRound(db, 'Kept by the backup'))
    const made = backupCli(['backup', '--out', file], env)
    expect(made.output).toContain('Backed up the PostgreSQL database')
    expect(made.status, made.output).toBe(0)
    await withDatabase(env, (db) => addRound(db, 'Made after the backup'))
    const restored = backupCli(['restore', file, '--force'], env)
    expect(restored.output).toContain('Restored')
    expect(restored.status, restored.output).toBe(0)
    expect(await withDatabase(env, roundNames)).toEqual(['Kept by the backup'])
  }, 180_000)

  it('restores over a database the platform has run on, and the server then sends email with the stored SMTP password', async () => {
    const smtp = await startSmtpServer({ password: 'Stored-Smtp-Pass-5' })
    const used = `${name}_used`
    const usedUrl = adminUrl.replace(/\/[^/]*$/, `/${used}`)
    const keyDir = mkdtempSync(join(tmpdir(), 'hk-pgbackup-key-'))
    const usedFile = join(dir, 'used.dump')
    // No SECRET_KEY: the key is generated into DATA_DIR, as a first installation has it.
    const usedEnv = { DATABASE_URL: usedUrl, DATA_DIR: keyDir }
    await admin(`create database ${used}`)
    try {
      // The platform as it runs: pg-boss's tables (a partitioned one), a sealed SMTP password.
      await withServer(keyDir, usedEnv, async (base) => {
        await saveSmtpSettings(base, smtp)
        await registerAndReceive(base, smtp, 'before')
      })
      await withDatabase(usedEnv, (db) => addRound(db, 'Kept by the backup'))
      const made = backupCli(['backup', '--out', usedFile], usedEnv)
      expect(made.status, made.output).toBe(0)
      expect(made.output).toContain('with the secret key')
      await withDatabase(usedEnv, (db) => addRound(db, 'Made after the backup'))

      // Over a database with data, a restore says what to do rather than half-replacing it.
      const unforced = backupCli(['restore', usedFile], usedEnv)
      expect(unforced.status, unforced.output).toBe(1)
      expect(unforced.output).toContain(`npm run restore -- ${usedFile} --force`)
      const restored = backupCli(['restore', usedFile, '--force'], usedEnv)
      expect(restored.output).toContain('Restored')
      expect(restored.status, restored.output).toBe(0)
      expect(await withDatabase(usedEnv, roundNames)).toEqual(['Kept by the backup'])

      // The restored platform, on a new machine (a new DATA_DIR), starts and sends email.
      const newDir = mkdtempSync(join(tmpdir(), 'hk-pgbackup-new-'))
      const again = backupCli(['restore', usedFile, '--force'], { ...usedEnv, DATA_DIR: newDir })
      expect(again.status, again.output).toBe(0)
      await withServer(newDir, { ...usedEnv, DATA_DIR: newDir }, (base) =>
        registerAndReceive(base, smtp, 'after'),
      )
      rmSync(newDir, { recursive: true, force: true })
    } finally {
      await smtp.stop()
      await admin(`drop database if exists ${used} with (force)`)
      rmSync(keyDir, { recursive: true, force: true })
    }
  }, 300_000)

  it('says loudly that a SECRET_KEY from the environment is not in the backup', async () => {
    const made = backupCli(['backup', '--out', join(dir, 'env-key.dump')], {
      ...env,
      SECRET_KEY: 'a-secret-key-from-the-environment-0123456789',
    })
    expect(made.status, made.output).toBe(0)
    expect(made.output).toContain('SECRET_KEY is NOT in this backup')
  })
})
