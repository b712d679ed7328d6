#!/usr/bin/env node
// `npm start`: builds the web app and the server when their builds are missing or older than their
// sources, then runs the built server (plain JavaScript, docs/decisions/033-compiled-server.md),
// which serves the web app and the API on one port (PORT, default 3000).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer, builtServer, newestMtime, serverBuildIsStale } from './build-server.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const builtIndex = join(root, 'apps/web/dist/index.html')
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
].map((p) => join(root, p))

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log(
    builtAt
      ? 'The web app changed since its last build: building it...'
      : 'Building the web app (first start)...',
  )
  const build = spawnSync('npm', ['run', 'build', '-w', '@hackathon/web'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

if (serverBuildIsStale()) {
  console.log(
    existsSync(builtServer)
      ? 'The server changed since its last build: building it...'
      : 'Building the server (first start)...',
  )
  try {
    await buildServer()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', builtServer], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
