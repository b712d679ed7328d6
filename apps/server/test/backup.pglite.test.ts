import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { openConfiguredDatabase } from '../src/db/open.js'
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

describe('backup and restore of the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hk-backup-'))
  const file = join(dataDir, '..', `${Date.now()}-hk-backup.tar.gz`)
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' }
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(file, { force: true })
  })

  it('copies the database while the server is stopped, refuses while it runs, and restores it only with --force', async () => {
    await withDatabase(env, (db) => addRound(db, 'Kept by the backup'))
    // A running server holds the directory: no copy then.
    const running = await openConfiguredDatabase(loadConfig(env), () => {})
    const refused = backupCli(['backup', '--out', file], env)
    await running.close()
    expect(refused.status).toBe(1)
    expect(refused.output).toContain('The embedded database is copied while the server is stopped')

    const made = backupCli(['backup', '--out', file], env)
    expect(made.output).toContain('Backed up the embedded database')
    expect(made.status, made.output).toBe(0)

    await withDatabase(env, (db) => addRound(db, 'Made after the backup'))
    const unforced = backupCli(['restore', file], env)
    expect(unforced.status, unforced.output).toBe(1)
    expect(unforced.output).toContain('Add --force to replace it')
    expect(await withDatabase(env, roundNames)).toEqual([
      'Kept by the backup',
      'Made after the backup',
    ])

    const restored = backupCli(['restore', file, '--force'], env)
    expect(restored.output).toContain('Restored')
    expect(restored.status, restored.output).toBe(0)
    expect(await withDatabase(env, roundNames)).toEqual(['Kept by the backup'])
  }, 180_000)

  it('round trip of a used platform: the backup carries the generated secret key, so a restore to a new directory still sends email', async () => {
    const used = mkdtempSync(join(tmpdir(), 'hk-backup-used-'))
    const moved = mkdtempSync(join(tmpdir(), 'hk-backup-moved-'))
    const usedFile = join(used, '..', `${Date.now()}-hk-used.tar.gz`)
    const smtp = await startSmtpServer({ password: 'Stored-Smtp-Pass-9' })
    try {
      // The platform as it runs: its job queue's tables, a sealed SMTP password, an email sent.
      const first = await withServer(used, { DATABASE_URL: '' }, async (base) => {
        await saveSmtpSettings(base, smtp)
        return registerAndReceive(base, smtp, 'before')
      })
      await withDatabase({ DATA_DIR: used, DATABASE_URL: '' }, (db) =>
        addRound(db, 'Kept by the backup'),
      )
      const made = backupCli(['backup', '--out', usedFile], { DATA_DIR: used, DATABASE_URL: '' })
      expect(made.status, made.output).toBe(0)
      expect(made.output).toContain('with the secret key')
      await withDatabase({ DATA_DIR: used, DATABASE_URL: '' }, (db) =>
        addRound(db, 'Made after the backup'),
      )

      // Restored over the used directory: the backup's data, and the server starts on it.
      const over = backupCli(['restore', usedFile, '--force'], { DATA_DIR: used, DATABASE_URL: '' })
      expect(over.status, over.output).toBe(0)
      expect(await withDatabase({ DATA_DIR: used, DATABASE_URL: '' }, roundNames)).toEqual([
        'Kept by the backup',
      ])

      // Restored to a new machine's directory: same data, and email still goes out with the
      // stored SMTP password (the key that sealed it came with the backup).
      const restored = backupCli(['restore', usedFile], { DATA_DIR: moved, DATABASE_URL: '' })
      expect(restored.output).toContain('Restored')
      expect(restored.status, restored.output).toBe(0)
      await withServer(moved, { DATABASE_URL: '' }, async (base) => {
        await registerAndReceive(base, smtp, 'after')
      })
      expect(await withDatabase({ DATA_DIR: moved, DATABASE_URL: '' }, roundNames)).toEqual([
        'Kept by the backup',
      ])
      expect(smtp.received.some((m) => m.to.includes(first))).toBe(true)
      expect(smtp.logins.every((l) => l.password === 'Stored-Smtp-Pass-9')).toBe(true)
    } finally {
      await smtp.stop()
      for (const path of [used, moved, usedFile]) rmSync(path, { recursive: true, force: true })
    }
  }, 300_000)
})
