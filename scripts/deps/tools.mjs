#!/usr/bin/env node
// The tools that only the browser journeys and the benchmarks use (Playwright and axe; Lighthouse,
// chrome-launcher and autocannon) are npm projects of their own beside the code that imports them,
// with their own package-lock.json, so that `npm install` for `npm start` does not fetch them
// (docs/decisions/028-first-install-and-console.md). `npm test`, `npm run typecheck`,
// `npm run test:e2e` and `npm run bench` install them here, on first use and again whenever their
// package.json or package-lock.json changes:
//   node scripts/deps/tools.mjs e2e|bench
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../..', import.meta.url))

/** Each tool project: its folder (relative to the repository) and what it serves. */
export const TOOLS = {
  e2e: { dir: 'e2e', serves: 'the browser journeys (Playwright, axe)' },
  bench: {
    dir: 'scripts/bench',
    serves: 'the benchmarks (Lighthouse, chrome-launcher, autocannon)',
  },
}

/** Written into node_modules after an install: what it was installed from. */
const STAMP = '.installed-from'

/** The fingerprint of a project's package.json and package-lock.json. */
export function fingerprint(manifestText, lockText) {
  return createHash('sha256').update(manifestText).update('\0').update(lockText).digest('hex')
}

/**
 * Whether a tool project must be installed: 'missing' (never installed here), 'changed' (its
 * package.json or lockfile changed since, e.g. after a pull) or 'current'.
 */
export function installState({ hasNodeModules, stamp, manifestText, lockText }) {
  if (!hasNodeModules || stamp === undefined) return 'missing'
  return stamp.trim() === fingerprint(manifestText, lockText) ? 'current' : 'changed'
}

/** Installs the tool project `name` with `npm ci` unless it is current. Returns its state before. */
export function ensureTools(name, { log = console.log } = {}) {
  const tool = TOOLS[name]
  if (!tool) throw new Error(`No tool project "${name}": one of ${Object.keys(TOOLS).join(', ')}`)
  const dir = join(root, tool.dir)
  const manifestText = readFileSync(join(dir, 'package.json'), 'utf8')
  const lockText = readFileSync(join(dir, 'package-lock.json'), 'utf8')
  const stampPath = join(dir, 'node_modules', STAMP)
  // Every direct dependency, not only the folder: an install of the root can prune a tool
  // project's packages and leave its stamp behind.
  const manifest = JSON.parse(manifestText)
  const direct = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  const state = installState({
    hasNodeModules: direct.every((dep) =>
      existsSync(join(dir, 'node_modules', dep, 'package.json')),
    ),
    stamp: existsSync(stampPath) ? readFileSync(stampPath, 'utf8') : undefined,
    manifestText,
    lockText,
  })
  if (state === 'current') return state
  log(
    `Installing the tools of ${tool.serves} into ${tool.dir}/node_modules` +
      (state === 'changed' ? ` (${tool.dir}/package-lock.json changed)` : ' (once)') +
      '...',
  )
  // The folder's own .npmrc applies (strict-allow-scripts). npm runs on the platform's Node, as in
  // any npm script (decision 001), whichever Node started this file. CI keeps npm's warnings.
  const args = ['ci', '--no-audit', '--no-fund', ...(process.env.CI ? ['--loglevel=warn'] : [])]
  const PATH = [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter)
  const run = spawnSync('npm', args, { cwd: dir, stdio: 'inherit', env: { ...process.env, PATH } })
  if (run.status !== 0) {
    throw new Error(`npm ci in ${tool.dir} failed (exit ${run.status ?? run.signal})`)
  }
  writeFileSync(stampPath, `${fingerprint(manifestText, lockText)}\n`)
  return state
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2)
  if (names.length === 0) {
    console.error(`Usage: node scripts/deps/tools.mjs ${Object.keys(TOOLS).join('|')} ...`)
    process.exit(2)
  }
  try {
    for (const name of names) ensureTools(name)
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
}
