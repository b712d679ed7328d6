#!/usr/bin/env node
// `npm run deps:check` (and the first suite of `npm test`): the dependency trees of every lockfile
// (the platform's, and the journeys' and benchmarks' tools of scripts/deps/tools.mjs) against
// known advisories, install scripts and sources. Issue 13: no dependency with a known high or
// critical advisory; the reasoning for any exception recorded (scripts/deps/exceptions.json).
//
// Advisories come from `npm audit` when the registry answers it. The registry this project is
// built from answers the audit endpoint with 405, so the tree is then checked against the
// advisories recorded in scripts/deps/advisories.json (gathered from the GitHub advisory
// database, OSV and the packages' own security notes; its `gathered` date says how old it is).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import { TOOLS } from './tools.mjs'

const BLOCKING = new Set(['high', 'critical'])

/** Every installed package of a package-lock.json (v3): name, version, dev, scripts, source. */
export function installedPackages(lock) {
  const found = []
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (!path.includes('node_modules/') || entry.link) continue
    found.push({
      path,
      name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version,
      dev: Boolean(entry.dev),
      hasInstallScript: Boolean(entry.hasInstallScript),
      resolved: entry.resolved,
      integrity: entry.integrity,
    })
  }
  return found
}

/** A dependency spec that installs from somewhere other than the registry (git, URL, file). */
function isForeignSpec(spec) {
  return /^(git\+|git:|github:|https?:|file:|link:)|^[\w.-]+\/[\w.-]+(#.*)?$/.test(spec)
}

/**
 * The whole judgement, without the network: returns `failures` (each stops the build),
 * `warnings` (printed) and `excepted` (blocking findings an exception covers, with its reason).
 */
export function checkDependencies({ lock, manifests, allowScripts, advisories, exceptions }) {
  const failures = []
  const warnings = []
  const excepted = []
  const packages = installedPackages(lock)

  for (const [file, manifest] of Object.entries(manifests)) {
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
        if (isForeignSpec(spec))
          failures.push(`${file}: ${name} is installed from ${spec}, not from the npm registry`)
      }
    }
  }

  for (const pkg of packages) {
    const where = `${pkg.name}@${pkg.version} (${pkg.path})`
    if (pkg.resolved && !pkg.resolved.startsWith('https://registry.npmjs.org/'))
      failures.push(`${where} comes from ${pkg.resolved}, not from the npm registry`)
    if (!pkg.integrity?.startsWith('sha512-'))
      failures.push(`${where} has no sha512 integrity in package-lock.json`)
    if (pkg.hasInstallScript && allowScripts?.[pkg.name] !== true)
      failures.push(
        `${where} runs an install script that nobody reviewed: read it, then add it to allowScripts in package.json (or deny it)`,
      )
  }

  for (const advisory of advisories) {
    if (!advisory.vulnerable) continue
    for (const pkg of packages) {
      if (pkg.name !== advisory.package) continue
      if (!semver.satisfies(pkg.version, advisory.vulnerable, { includePrerelease: true })) continue
      // An advisory whose severity could not be read counts as high until someone reads it.
      const severity = advisory.severity ?? 'high (not rated)'
      const label = advisory.id ?? advisory.cve ?? advisory.summary
      const finding =
        `${pkg.name}@${pkg.version}${pkg.dev ? ' (dev)' : ''}: ${label}, ${severity}: ` +
        `${advisory.summary} (fixed in ${advisory.fixed ?? '?'})`
      const exception = exceptions.find(
        (e) => e.package === pkg.name && (e.id === advisory.id || e.id === advisory.cve),
      )
      if (exception) excepted.push(`${finding}\n    excepted: ${exception.reason}`)
      else if (BLOCKING.has(advisory.severity ?? 'high')) failures.push(finding)
      else warnings.push(finding)
    }
  }
  return {
    failures,
    warnings,
    excepted,
    packages: packages.length,
    names: packages.map((p) => p.name),
  }
}

/** Findings from `npm audit --json` when the registry answers it; null when it does not. */
export function auditFindings(report, exceptions) {
  if (!report || typeof report !== 'object' || !report.vulnerabilities) return null
  const failures = []
  const warnings = []
  const excepted = []
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object') continue
      const id = String(via.url ?? '')
        .split('/')
        .pop()
      const finding = `${name}@${vulnerability.range}: ${id}, ${via.severity}: ${via.title}`
      const exception = exceptions.find((e) => e.package === name && e.id === id)
      if (exception) excepted.push(`${finding}\n    excepted: ${exception.reason}`)
      else if (BLOCKING.has(via.severity)) failures.push(finding)
      else warnings.push(finding)
    }
  }
  return { failures, warnings, excepted }
}

/**
 * Every npm project of the repository, each with its own lockfile: the platform (the root and its
 * workspaces) and the tool projects that `npm install` leaves out (docs/decisions/028).
 */
export function dependencyProjects(rootManifest) {
  return [
    { dir: '', lock: 'package-lock.json', workspaces: rootManifest.workspaces ?? [] },
    ...Object.values(TOOLS).map((tool) => ({
      dir: tool.dir,
      lock: `${tool.dir}/package-lock.json`,
      workspaces: [],
    })),
  ]
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'))
}

function runNpmAudit(dir) {
  const run = spawnSync('npm', ['audit', '--json', '--package-lock-only', '--include=dev'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
  })
  try {
    return { report: JSON.parse(run.stdout), stderr: run.stderr }
  } catch {
    return { report: null, stderr: run.stderr || run.error?.message || '' }
  }
}

function print(title, lines) {
  if (lines.length === 0) return
  console.log(`\n${title}:`)
  for (const line of lines) console.log(`  - ${line}`)
}

async function main() {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const here = fileURLToPath(new URL('.', import.meta.url))
  const rootManifest = readJson(`${root}package.json`)
  const recorded = readJson(`${here}advisories.json`)
  const exceptions = readJson(`${here}exceptions.json`).exceptions
  const checkable = recorded.advisories.filter((a) => a.vulnerable).length

  const failures = []
  const warnings = []
  const excepted = []
  const names = new Set()
  const direct = new Set()
  let installed = 0
  const projects = dependencyProjects(rootManifest)
  for (const project of projects) {
    const dir = project.dir ? `${root}${project.dir}/` : root
    const label = project.dir ? `${project.dir}/: ` : ''
    const manifest = readJson(`${dir}package.json`)
    const manifests = { [`${project.dir ? `${project.dir}/` : ''}package.json`]: manifest }
    for (const workspace of project.workspaces)
      manifests[`${workspace}/package.json`] = readJson(`${root}${workspace}/package.json`)
    // npm reads allowScripts from the project's root package.json only.
    const local = checkDependencies({
      lock: readJson(`${root}${project.lock}`),
      manifests,
      allowScripts: manifest.allowScripts,
      advisories: recorded.advisories,
      exceptions,
    })
    const { report, stderr } = runNpmAudit(dir)
    const audit = auditFindings(report, exceptions)
    if (audit) {
      console.log(
        `${project.lock}: npm audit answered: ${Object.keys(report.vulnerabilities).length} packages flagged`,
      )
    } else {
      const reason = /E\d{3}|\b\d{3}\b[^\n]*/.exec(stderr)?.[0] ?? stderr.trim().split('\n').pop()
      console.log(
        `${project.lock}: npm audit: the registry did not answer (${reason ?? 'no answer'}).`,
      )
    }
    const tag = (lines) => lines.map((line) => `${label}${line}`)
    failures.push(...tag([...local.failures, ...(audit?.failures ?? [])]))
    warnings.push(...tag([...local.warnings, ...(audit?.warnings ?? [])]))
    excepted.push(...tag([...local.excepted, ...(audit?.excepted ?? [])]))
    installed += local.packages
    for (const name of local.names) names.add(name)
    for (const m of Object.values(manifests))
      for (const name of Object.keys({ ...m.dependencies, ...m.devDependencies })) direct.add(name)
  }

  const lookedAt = new Set(
    [
      ...recorded.advisories.map((a) => a.package),
      ...(recorded.searchedWithoutFindings ?? []),
    ].filter((name) => names.has(name)),
  )
  console.log(
    `Checked ${installed} installed packages of ${projects.length} lockfiles ` +
      `(${projects.map((p) => p.lock).join(', ')}) against ${checkable} recorded advisories ` +
      `(gathered ${recorded.gathered}), install scripts and sources. The record has looked at ` +
      `${lookedAt.size} of the ${names.size} package names installed: the others are unknown to it.`,
  )

  const unlooked = [...direct].filter(
    (name) => names.has(name) && !lookedAt.has(name) && !name.startsWith('@types/'),
  )
  print('Direct dependencies the record has not looked at yet', unlooked.sort())
  print(
    'Recorded advisories without a range, so not checked (read them and add the range)',
    recorded.advisories
      .filter((a) => !a.vulnerable && names.has(a.package))
      .map((a) => `${a.package}: ${a.id ?? a.cve ?? '?'}, ${a.summary}`),
  )

  print('Known advisories below high (not blocking)', warnings)
  print('Excepted, with the recorded reason', excepted)
  print('FAILED', failures)
  if (failures.length > 0) process.exit(1)
  console.log('\nDependencies: no high or critical advisory, every install script reviewed.')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
