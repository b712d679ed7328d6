// node --test scripts/deps/check.test.mjs: the dependency check's judgement on small made-up trees.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { auditFindings, checkDependencies } from './check.mjs'

const integrity = 'sha512-abc'
const lockWith = (packages) => ({
  lockfileVersion: 3,
  packages: { '': { name: 'app' }, ...packages },
})
const advisory = {
  package: 'leftpad',
  id: 'GHSA-aaaa-bbbb-cccc',
  severity: 'high',
  vulnerable: '<1.2.0',
  fixed: '1.2.0',
  summary: 'prototype pollution',
}
const judge = (over) =>
  checkDependencies({
    lock: lockWith({ 'node_modules/leftpad': { version: '1.1.0', integrity } }),
    manifests: { 'package.json': { dependencies: { leftpad: '^1.1.0' } } },
    allowScripts: {},
    advisories: [advisory],
    exceptions: [],
    ...over,
  })

test('an installed version inside a high advisory range fails the check', () => {
  const { failures } = judge({})
  assert.equal(failures.length, 1)
  assert.match(failures[0], /leftpad@1\.1\.0: GHSA-aaaa-bbbb-cccc, high/)
})

test('a fixed version, or an advisory below high, does not fail it', () => {
  const fixed = judge({
    lock: lockWith({ 'node_modules/leftpad': { version: '1.2.0', integrity } }),
  })
  assert.deepEqual(fixed.failures, [])
  const moderate = judge({ advisories: [{ ...advisory, severity: 'moderate' }] })
  assert.deepEqual(moderate.failures, [])
  assert.equal(moderate.warnings.length, 1)
})

test('an advisory nobody rated counts as high; a nested copy is found too', () => {
  const { failures } = judge({
    lock: lockWith({
      'node_modules/leftpad': { version: '1.3.0', integrity },
      'node_modules/other/node_modules/leftpad': { version: '1.0.0', integrity, dev: true },
    }),
    advisories: [{ ...advisory, severity: null }],
  })
  assert.equal(failures.length, 1)
  assert.match(failures[0], /leftpad@1\.0\.0 \(dev\).*high \(not rated\)/)
})

test('an exception with its reason turns a failure into a recorded exception', () => {
  const reason = 'only reachable through a function we never call'
  const { failures, excepted } = judge({
    exceptions: [{ package: 'leftpad', id: advisory.id, reason }],
  })
  assert.deepEqual(failures, [])
  assert.match(excepted[0], new RegExp(reason))
})

test('an install script not named in allowScripts fails; an allowed one passes', () => {
  const lock = lockWith({
    'node_modules/leftpad': { version: '1.2.0', integrity, hasInstallScript: true },
  })
  assert.match(judge({ lock }).failures[0], /install script that nobody reviewed/)
  assert.deepEqual(judge({ lock, allowScripts: { leftpad: true } }).failures, [])
  assert.equal(judge({ lock, allowScripts: { leftpad: false } }).failures.length, 1)
})

test('a package from outside the registry, or without integrity, fails', () => {
  const fromGit = judge({
    manifests: { 'package.json': { dependencies: { leftpad: 'github:someone/leftpad' } } },
    advisories: [],
  })
  assert.match(fromGit.failures[0], /not from the npm registry/)
  const tarball = judge({
    lock: lockWith({
      'node_modules/leftpad': {
        version: '1.2.0',
        integrity,
        resolved: 'https://example.com/leftpad.tgz',
      },
    }),
  })
  assert.match(tarball.failures[0], /comes from https:\/\/example\.com/)
  const unsigned = judge({ lock: lockWith({ 'node_modules/leftpad': { version: '1.2.0' } }) })
  assert.match(unsigned.failures[0], /no sha512 integrity/)
})

test("npm audit's answer is judged the same way, and no answer is told apart", () => {
  const report = {
    vulnerabilities: {
      leftpad: {
        range: '<1.2.0',
        via: [
          {
            url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
            severity: 'critical',
            title: 'bad',
          },
          'another-package',
        ],
      },
    },
  }
  assert.equal(auditFindings(report, []).failures.length, 1)
  assert.equal(
    auditFindings(report, [{ package: 'leftpad', id: 'GHSA-aaaa-bbbb-cccc', reason: 'r' }]).failures
      .length,
    0,
  )
  assert.equal(auditFindings({ error: { code: 'E405' } }, []), null)
})
