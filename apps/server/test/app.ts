import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { startBackgroundWork } from '../src/background.js'
import { loadConfig, type Config } from '../src/config.js'
import { JobQueue } from '../src/jobs/queue.js'
import { createSecretBox, type SecretBox } from '../src/lib/secret-box.js'
import { openTestDatabase, type TestDatabase } from './database.js'

export interface TestContext {
  app: FastifyInstance
  config: Config
  secrets: SecretBox
  database: TestDatabase
  jobs: JobQueue
  close(): Promise<void>
}

/** The whole application on a fresh database of its own, for app.inject() tests. */
export async function createTestContext(
  env: Record<string, string> = {},
  {
    onJobError = (err: Error) => {
      throw err
    },
  }: { onJobError?: (err: Error) => void } = {},
): Promise<TestContext> {
  const database = await openTestDatabase()
  // A job queue error fails the test, unless the test expects some (as the server logs them).
  const jobs = await JobQueue.start(database, onJobError)
  // GitHub checks are off unless a test points GITHUB_API_URL at its own fake GitHub server.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    GITHUB_VERIFY: 'off',
    STATISTICS_REFRESH_MS: '0',
    // Receipts wait a little and are coalesced in production; tests read them at once.
    SUBMISSION_RECEIPT_DELAY_SECONDS: '0',
    ...env,
  })
  const secrets = createSecretBox(randomBytes(32).toString('hex'))
  const app = await buildApp({ config, database, jobs, secrets })
  // As main.ts does: the job workers and timers, which tests rely on (emails, sign-in codes).
  await startBackgroundWork(app)
  return {
    app,
    config,
    secrets,
    database,
    jobs,
    close: async () => {
      await app.close()
      await jobs.stop()
      await database.drop()
    },
  }
}
