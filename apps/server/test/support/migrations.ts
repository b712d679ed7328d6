import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { openPglite, openPostgres, type Db } from '../../src/db/client.js'
import { migratePgliteDatabase, migratePostgresDatabase } from '../../src/db/migrate.js'
import { adminUrl, databaseUrlFor } from '../postgres-url.js'

/** The project's migrations folder. */
export const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations', import.meta.url))

/**
 * A migrations folder as it was up to migration `lastIdx` (its number): a database migrated with
 * it is an event as an older version kept it. Remove it when done.
 */
export function migrationsUpTo(lastIdx: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'hk-migrations-'))
  mkdirSync(join(dir, 'meta'))
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[]
  }
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx)
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal))
  for (const e of journal.entries)
    copyFileSync(join(MIGRATIONS, `${e.tag}.sql`), join(dir, `${e.tag}.sql`))
  return dir
}

export interface FreshDatabase {
  driver: 'pglite' | 'postgres'
  db: Db
  /** Applies the SQL migrations of `folder` that are not applied yet. */
  migrate(folder: string): Promise<void>
  /** What the server does at start: every migration, and the steps that follow them. */
  migrateAsServer(options: { defaultCountryCode: string }): Promise<void>
}

/**
 * An empty database of its own, dropped afterwards: a new PostgreSQL database when DATABASE_URL
 * is set, an in-memory PGlite otherwise (a migration test starts from nothing, not the template).
 */
export async function withFreshDatabase(run: (fresh: FreshDatabase) => Promise<void>) {
  const url = process.env.DATABASE_URL
  if (url) {
    const name = `hk_migration_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl(url) })
    await admin.connect()
    await admin.query(`create database "${name}"`)
    // Migration tests fill 100,000 rows and migrate them, as the server does with no statement
    // limit (db/migrate.ts); the request limit (DATABASE_STATEMENT_TIMEOUT_MS) is not theirs.
    const database = await openPostgres(databaseUrlFor(url, name), 2, {
      connectMs: 3000,
      statementMs: 0,
    })
    try {
      await run({
        driver: 'postgres',
        db: database.db,
        migrate: async (folder) => {
          const client = await database.pool.connect()
          try {
            await migratePg(drizzlePg({ client }), { migrationsFolder: folder })
          } finally {
            client.release()
          }
        },
        migrateAsServer: async (options) => {
          await migratePostgresDatabase(database.pool, options)
        },
      })
    } finally {
      await database.close()
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    }
    return
  }
  const database = await openPglite()
  try {
    await run({
      driver: 'pglite',
      db: database.db,
      migrate: (folder) =>
        migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: folder }),
      migrateAsServer: async (options) => {
        await migratePgliteDatabase(database.pglite, options)
      },
    })
  } finally {
    await database.close()
  }
}

export const removeFolder = (dir: string) => rmSync(dir, { recursive: true, force: true })
