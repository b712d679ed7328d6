import { fileURLToPath } from 'node:url'
import type { FastifyBaseLogger } from 'fastify'
import { buildApp } from './app.js'
import { startBackgroundWork } from './background.js'
import { loadConfig } from './config.js'
import { DataDirLockedError, openConfiguredDatabase } from './db/open.js'
import { JobQueue } from './jobs/queue.js'
import { isLoopbackHost } from './lib/loopback.js'
import { createSecretBox, resolveSecretKey } from './lib/secret-box.js'
import { ensureFirstAdmin, firstAdminReminder } from './modules/staff/staff.service.js'

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
  // Printed once the server listens, so the first admin's password is the last thing on screen.
  const notices: string[] = []
  const generatedAdmin = await ensureFirstAdmin(database.db, config, (text) => notices.push(text))
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
  // Job workers and timers, stopped by app.close() (src/background.ts).
  await startBackgroundWork(app)

  let stopping = false
  let reminder: NodeJS.Timeout | undefined
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    clearTimeout(reminder)
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
  const reach = isLoopbackHost(config.host)
    ? `; HOST=${config.host}: this machine only, see "Publishing" in the README`
    : ''
  app.log.info(`Hackathon platform on ${config.publicUrl} (database: ${database.driver}${reach})`)
  // The first admin's password once more, or the way to replace it, while nobody has used it
  // (docs/decisions/028-first-install-and-console.md).
  const notice = notices.length
    ? notices.join('\n')
    : await firstAdminReminder(database.db, config).catch((err: unknown) => {
        app.log.warn({ err }, 'first admin reminder failed')
        return undefined
      })
  if (notice) console.log(notice)
  if (generatedAdmin) {
    reminder = setTimeout(() => {
      firstAdminReminder(database.db, config, generatedAdmin).then(
        (text) => text && console.log(text),
        (err: unknown) => app.log.warn({ err }, 'first admin reminder failed'),
      )
    }, FIRST_ADMIN_REMINDER_MS).unref()
  }
}

/** When the first admin's generated password is shown again if nobody has signed in with it. */
const FIRST_ADMIN_REMINDER_MS = 3 * 60_000

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
