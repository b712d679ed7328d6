/**
 * A process of its own holding the DATA_DIR lock (embedded-lock.pglite.test.ts): takes the lock of
 * the directory given as its argument, prints "locked", and holds it until killed. If the lock is
 * ever taken from it, it prints "lost" and exits 3.
 */
import { lockDataDir } from '../../src/db/open.js'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: lock-holder-main.ts <data dir>')
await lockDataDir(dataDir, () => {
  console.log('lost')
  process.exit(3)
})
console.log('locked')
setInterval(() => {}, 60_000)
