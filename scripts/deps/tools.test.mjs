// node --test scripts/deps/tools.test.mjs: the tool projects kept out of `npm install`
// (docs/decisions/028-first-install-and-console.md), and when they are installed again.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { dependencyProjects } from './check.mjs'
import { TOOLS, fingerprint, installState, root } from './tools.mjs'

const manifestText = '{"devDependencies":{"@playwright/test":"^1.65.1"}}'
const lockText = '{"lockfileVersion":3}'

test('a tool project is installed when missing, again when its lockfile or manifest changed', () => {
  const stamp = fingerprint(manifestText, lockText)
  assert.equal(installState({ hasNodeModules: false, manifestText, lockText }), 'missing')
  // node_modules without the stamp: an install that failed half-way, or one made by hand.
  assert.equal(installState({ hasNodeModules: true, manifestText, lockText }), 'missing')
  assert.equal(installState({ hasNodeModules: true, stamp, manifestText, lockText }), 'current')
  assert.equal(
    installState({ hasNodeModules: true, stamp, manifestText, lockText: '{"lockfileVersion":3} ' }),
    'changed',
  )
  assert.equal(
    installState({ hasNodeModules: true, stamp, manifestText: '{}', lockText }),
    'changed',
  )
})

const json = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'))

test('npm install (what npm start needs) fetches none of the journeys’ or benchmarks’ tools', () => {
  const manifest = json('package.json')
  const tools = Object.values(TOOLS).map((tool) => tool.dir)
  for (const workspace of manifest.workspaces) assert.ok(!tools.includes(workspace), workspace)
  const lock = json('package-lock.json')
  for (const name of [
    '@playwright/test',
    'playwright-core',
    '@axe-core/playwright',
    'lighthouse',
    'puppeteer-core',
    'chrome-launcher',
    'autocannon',
  ]) {
    assert.equal(
      lock.packages[`node_modules/${name}`],
      undefined,
      `${name} is in package-lock.json`,
    )
  }
})

test('each tool project has its lockfile and the repository’s install-script rule', () => {
  for (const { dir } of Object.values(TOOLS)) {
    const lock = json(`${dir}/package-lock.json`)
    assert.equal(lock.packages[''].name, json(`${dir}/package.json`).name, dir)
    assert.match(readFileSync(join(root, dir, '.npmrc'), 'utf8'), /^strict-allow-scripts=true$/m)
  }
})

test('the dependency check reads the platform’s lockfile and every tool project’s', () => {
  const locks = dependencyProjects(json('package.json')).map((project) => project.lock)
  assert.deepEqual(locks, [
    'package-lock.json',
    ...Object.values(TOOLS).map((tool) => `${tool.dir}/package-lock.json`),
  ])
  for (const lock of locks) assert.ok(existsSync(join(root, lock)), lock)
})
