#!/usr/bin/env node
// `npm install`'s preinstall: one line, instead of npm's five per package, when the machine's Node
// is older than the one the platform runs on. npm itself runs on the machine's Node and warns about
// every package that wants Node 22 or 24, but the install brings Node 24 (package.json's `node`,
// decision 001) and every npm script runs on it, so those warnings are not the platform's: .npmrc
// hides npm's warnings (loglevel=error) and this line says so
// (docs/decisions/028-first-install-and-console.md).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The oldest Node the platform's own dependencies accept (pg-boss's `engines`). */
export const DEPENDENCIES_WANT = '22.12.0'

/** The Node version npm runs on: from npm's user agent ("npm/11.6.2 node/v20.20.2 linux x64"). */
export function npmNodeVersion(env = process.env) {
  return (
    /\bnode\/v?(\d+\.\d+\.\d+)/.exec(env.npm_config_user_agent ?? '')?.[1] ?? process.versions.node
  )
}

/** Whether this install leaves the dev dependencies, and so the pinned Node, out. */
export function omitsDev(env = process.env) {
  return (env.npm_config_omit ?? '').split(',').includes('dev') || env.NODE_ENV === 'production'
}

const older = (a, b) => {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number))
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0)
  return false
}

/** The line to print, or undefined when there is nothing to say. */
export function nodeNote(machine, pinned, { omitDev = false } = {}) {
  if (omitDev) {
    if (!older(machine, DEPENDENCIES_WANT)) return undefined
    return (
      `Warning: without the dev dependencies this install does not bring Node ${pinned}, so the ` +
      `platform would run on this machine's Node ${machine}, older than the ${DEPENDENCIES_WANT} ` +
      `its dependencies want (npm's warnings: --loglevel=warn).`
    )
  }
  if (!older(machine, pinned.split('.')[0])) return undefined
  return (
    `Node ${machine} runs npm here; HackStage runs on the Node ${pinned} this install brings, so ` +
    `npm's warnings that packages want a newer Node are hidden (.npmrc; --loglevel=warn shows them).`
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  const note = nodeNote(npmNodeVersion(), manifest.devDependencies.node, { omitDev: omitsDev() })
  if (note) console.log(note)
}
