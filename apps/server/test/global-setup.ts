import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPglite, openPostgres } from '../src/db/client.js'
import { migratePgliteDatabase, migratePostgresDatabase } from '../src/db/migrate.js'
import { JobQueue } from '../src/jobs/queue.js'
import { adminUrl, databaseUrlFor } from './postgres-url.js'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

/**
 * A fresh database costs seconds (PGlite boots a WebAssembly Postgres; migrations and the job
 * queue's schema add more), so it is built once: a PGlite dump, or a PostgreSQL template database,
 * that every test file copies.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const template = `hk_template_${process.pid}_${Date.now()}`
    const admin = new pg.Client({ connectionString: adminUrl(url) })
    await admin.connect()
    await admin.query(`create database "${template}"`)
    const database = await openPostgres(databaseUrlFor(url, template), 4)
    await migratePostgresDatabase(database.pool, { defaultCountryCode: '91' })
    const jobs = await JobQueue.start(database, () => {})
    await jobs.stop()
    await database.close()
    project.provide('postgresTemplate', template)
    project.provide('pgliteTemplate', '')
    return async () => {
      // Each test file drops its own copy; this removes the template and any copy a crash left.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 order by datname = $2`,
        [`${template}%`, template],
      )
      for (const { datname } of rows)
        await admin.query(`drop database if exists "${datname}" with (force)`)
      await admin.end()
    }
  }

  const dir = mkdtempSync(join(tmpdir(), 'hk-pglite-template-'))
  const database = await openPglite()
  await migratePgliteDatabase(database.pglite, { defaultCountryCode: '91' })
  const jobs = await JobQueue.start(database, () => {})
  await jobs.stop()
  const dump = await database.pglite.dumpDataDir('none')
  const file = join(dir, 'template.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('pgliteTemplate', file)
  project.provide('postgresTemplate', '')
  return () => rmSync(dir, { recursive: true, force: true })
}
