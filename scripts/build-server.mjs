#!/usr/bin/env node
// Builds the server once into plain JavaScript, so production runs no TypeScript compiler
// (docs/decisions/033-compiled-server.md): esbuild bundles apps/server/src/main.ts and the
// spreadsheet worker, with the workspace contract (TypeScript source) inside them and every npm
// package left to node_modules, into apps/server/dist/*.mjs with source maps (run with
// `node --enable-source-maps`), and copies the migrations beside them. `npm start` runs it when the
// sources are newer than the build; `npm run dev`, the tests and the CLIs run the sources (tsx).
//   node scripts/build-server.mjs [outdir]    (outdir: apps/server/dist unless told)
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const server = join(root, 'apps/server')
export const serverDist = join(server, 'dist')
/** The bundle `npm start` runs: its age is the build's. */
export const builtServer = join(serverDist, 'main.mjs')

/** What the build is made of: newer than the build means it must run again. */
const SOURCES = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'scripts/build-server.mjs',
].map((p) => join(root, p))

/** The newest modification time under `path` (0 when it is missing). */
export function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  )
}

/** Whether apps/server/dist is missing or older than the server's or the contract's sources. */
export function serverBuildIsStale() {
  const builtAt = existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0
  return builtAt < Math.max(...SOURCES.map(newestMtime))
}

/** npm packages stay imports (resolved from node_modules at run time); the workspace is bundled. */
function externalPackages() {
  const manifest = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'))
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    (name) => !name.startsWith('@hackathon/'),
  )
}

/**
 * Builds into `outdir` (apps/server/dist unless told; built-server.test.ts builds into a folder of
 * its own). It must be a folder of apps/server: the bundle finds ../package.json (src/version.ts)
 * and ../../web/dist (src/main.ts) relative to itself, as the sources do.
 */
export async function buildServer({ outdir = serverDist, log = console.log } = {}) {
  const started = performance.now()
  // Loaded here: `npm start` imports this file on every start, and builds only now and then.
  const { build } = await import('esbuild')
  // Written beside outdir, then swapped in whole: a server already running from outdir (it loads
  // its worker and migrations later) and a second `npm start` building at the same moment (the
  // journeys start several) never see a half-written build.
  const staging = `${outdir}-building-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  try {
    // Read at run time relative to the bundle (src/db/migrate.ts: new URL('./migrations', ...)).
    cpSync(join(server, 'src/db/migrations'), join(staging, 'migrations'), { recursive: true })
    const result = await build({
      absWorkingDir: root,
      entryPoints: {
        'spreadsheet.worker': join(server, 'src/lib/spreadsheet.worker.ts'),
        main: join(server, 'src/main.ts'),
      },
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      external: externalPackages(),
      sourcemap: true,
      sourcesContent: false,
      // Error classes and the like keep the names they were written with.
      keepNames: true,
      metafile: true,
      logLevel: 'warning',
    })
    // A package the server imports without declaring it would be bundled silently: refuse.
    const strays = Object.keys(result.metafile.inputs).filter(
      (input) => !/^(apps\/server|packages\/contract)\/src\//.test(input),
    )
    if (strays.length)
      throw new Error(
        `The server build would bundle files from outside apps/server/src and ` +
          `packages/contract/src (add their package to apps/server/package.json): ${strays.join(', ')}`,
      )
    swapIn(staging, outdir)
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  const ms = Math.round(performance.now() - started)
  log(`Built the server into ${relative(process.cwd(), outdir) || '.'} in ${ms} ms`)
  return { ms }
}

/** Replaces `outdir` with `staging` by two renames. */
function swapIn(staging, outdir) {
  const old = `${outdir}-old-${process.pid}`
  try {
    renameSync(outdir, old)
  } catch (error) {
    if (error.code !== 'ENOENT') throw error
  }
  try {
    renameSync(staging, outdir)
  } catch (error) {
    // Another start swapped its build in meanwhile, from the same sources: it stays.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
  }
  rmSync(old, { recursive: true, force: true })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outdir = process.argv[2] ? resolve(process.argv[2]) : serverDist
  buildServer({ outdir }).catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
