import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openPglite, openPostgres, type Database } from '../src/db/client.js'
import { adminUrl, databaseUrlFor } from './postgres-url.js'

/** `url` is set on PostgreSQL, so a test can open a second connection (a second app instance). */
export type TestDatabase = Database & { url?: string; drop(): Promise<void> }

/**
 * A migrated database of its own for one test file: a copy of the template made in global-setup.
 * PostgreSQL when DATABASE_URL is set (CREATE DATABASE ... TEMPLATE), otherwise PGlite in memory.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL
  if (url) {
    const name = `${inject('postgresTemplate')}_c_${randomBytes(6).toString('hex')}`
    await withAdmin(url, (admin) =>
      admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`),
    )
    const database = await openPostgres(databaseUrlFor(url, name), 10)
    return {
      ...database,
      url: databaseUrlFor(url, name),
      drop: async () => {
        await database.close()
        await withAdmin(url, (admin) =>
          admin.query(`drop database if exists "${name}" with (force)`),
        )
      },
    }
  }
  const dump = readFileSync(inject('pgliteTemplate'))
  const database = await openPglite({ loadDataDir: new Blob([dump]) })
  return { ...database, drop: () => database.close() }
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(url) })
  await admin.connect()
  try {
    return await fn(admin)
  } finally {
    await admin.end()
  }
}
