import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { openConfiguredDatabase } from '../src/db/open.js'
import { addRound, backupCli, roundNames, withDatabase } from './support/backup-cli.js'

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
    expect(made.status).toBe(0)

    await withDatabase(env, (db) => addRound(db, 'Made after the backup'))
    const unforced = backupCli(['restore', file], env)
    expect(unforced.status).toBe(1)
    expect(unforced.output).toContain('Add --force to replace it')
    expect(await withDatabase(env, roundNames)).toEqual([
      'Kept by the backup',
      'Made after the backup',
    ])

    const restored = backupCli(['restore', file, '--force'], env)
    expect(restored.output).toContain('Restored')
    expect(restored.status).toBe(0)
    expect(await withDatabase(env, roundNames)).toEqual(['Kept by the backup'])
  }, 180_000)
})
