import { fileURLToPath } from 'node:url'
import type { FastifyBaseLogger } from 'fastify'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { DataDirLockedError, openConfiguredDatabase } from './db/open.js'
import { JobQueue } from './jobs/queue.js'
import { createSecretBox, resolveSecretKey } from './lib/secret-box.js'
import { ensureFirstAdmin } from './modules/staff/staff.service.js'

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url))

async function main(): Promise<void> {
  const config = loadConfig()
  let opened
  try {
    opened = await openConfiguredDatabase(
      config,
      (err) => {
        // Someone else took the data directory from under us: stop before we corrupt it.
        console.error(`Lost the lock on ${config.dataDir}: ${err.message}`)
        process.exit(1)
      },
      (text) => console.warn(text),
    )
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const { database } = opened
  await ensureFirstAdmin(database.db, config, (text) => console.log(text))
  // The queue starts before the app that owns the logger; until then its errors go to stderr.
  const reporter: { log?: FastifyBaseLogger } = {}
  const jobs = await JobQueue.start(database, (err) => {
    if (reporter.log) reporter.log.error({ err }, 'job queue error')
    else console.error('job queue error:', err.message)
  })
  const secretKey = resolveSecretKey(config.secretKey, config.dataDir)
  if (database.driver === 'postgres' && secretKey.source === 'file') {
    console.warn(
      `SECRET_KEY is not set: secrets are sealed with the key in ${config.dataDir}/secret.key. ` +
        'Every instance on this database needs the same key: set SECRET_KEY.',
    )
  }
  const app = await buildApp({
    config: { ...config, webDistDir: config.webDistDir ?? defaultWebDist },
    database,
    jobs,
    secrets: createSecretBox(secretKey.key),
  })
  reporter.log = app.log

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 20_000).unref()
    try {
      await app.close()
      await jobs.stop()
      await opened.close()
    } finally {
      clearTimeout(force)
    }
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
  app.log.info(`Hackathon platform on ${config.publicUrl} (database: ${database.driver})`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
