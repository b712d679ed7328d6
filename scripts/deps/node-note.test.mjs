// node --test scripts/deps/node-note.test.mjs: the one line `npm install` prints about Node instead
// of npm's engine warnings (docs/decisions/028-first-install-and-console.md).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { nodeNote, npmNodeVersion, omitsDev } from './node-note.mjs'

test('an older Node running npm gets one line naming both versions; the pinned one gets none', () => {
  const note = nodeNote('20.20.2', '24.21.0')
  assert.match(note, /^Node 20\.20\.2 runs npm here; HackStage runs on the Node 24\.21\.0 /)
  assert.doesNotMatch(note, /\n/)
  assert.equal(nodeNote('24.0.0', '24.21.0'), undefined)
  assert.equal(nodeNote('26.1.0', '24.21.0'), undefined)
})

test('without the dev dependencies (no pinned Node), a Node too old for the platform is a warning', () => {
  assert.match(
    nodeNote('20.20.2', '24.21.0', { omitDev: true }),
    /^Warning: .* Node 20\.20\.2, older than the 22\.12\.0/,
  )
  assert.equal(nodeNote('22.12.0', '24.21.0', { omitDev: true }), undefined)
  assert.equal(omitsDev({ npm_config_omit: 'dev' }), true)
  assert.equal(omitsDev({ NODE_ENV: 'production' }), true)
  assert.equal(omitsDev({}), false)
})

test("npm's own Node is read from its user agent", () => {
  assert.equal(
    npmNodeVersion({
      npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
    }),
    '20.20.2',
  )
})
