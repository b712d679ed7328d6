import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

/** Runs `npm run backup` / `npm run restore` as the README gives them, with `env`. */
export function backupCli(args: string[], env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '../../src/cli/backup.ts'), ...args],
    { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 },
  )
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}
