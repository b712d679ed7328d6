#!/usr/bin/env node
// `npm test`: every test suite — the dependency check, server (on PGlite; on PostgreSQL too when DATABASE_URL is set),
// web units, and the Playwright journeys in Debian's chromium. Stops at the first failing suite.
// The journeys' tools (Playwright, axe) are not part of `npm install`: they are installed into
// e2e/node_modules before the journeys, once and whenever e2e/package-lock.json changes
// (scripts/deps/tools.mjs, docs/decisions/028-first-install-and-console.md).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureTools } from './deps/tools.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}. The browser journeys run in Debian's chromium, never a downloaded one.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a chromium binary.',
  )
  process.exit(1)
}

// The journeys also run two app instances on one PostgreSQL database when a server answers here.
const postgresUp = await new Promise((resolve) => {
  const socket = connect({ host: '127.0.0.1', port: 5432, timeout: 1000 })
  socket.once('connect', () => resolve(true) || socket.destroy())
  socket.once('error', () => resolve(false))
  socket.once('timeout', () => resolve(false) || socket.destroy())
})
if (postgresUp && !process.env.E2E_POSTGRES_URL)
  process.env.E2E_POSTGRES_URL = `postgres://${process.env.PGUSER ?? 'postgres'}@127.0.0.1:5432/postgres`

const suites = [
  // Seconds, offline: the tree against known advisories, reviewed install scripts, sources.
  ['dependency', ['run', 'deps:check']],
  ['server', ['run', 'test', '-w', '@hackathon/server']],
  ['web', ['run', 'test', '-w', '@hackathon/web']],
  ['journeys', ['run', 'test'], join(root, 'e2e'), () => ensureTools('e2e')],
]
for (const [name, args, cwd = root, prepare] of suites) {
  console.log(`\n=== ${name} tests ===`)
  try {
    prepare?.()
  } catch (error) {
    console.error(`\n${error.message}: the ${name} tests did not run.`)
    process.exit(1)
  }
  const run = spawnSync('npm', args, { cwd, stdio: 'inherit' })
  if (run.status !== 0) {
    console.error(`\nThe ${name} tests failed.`)
    process.exit(run.status ?? 1)
  }
}
