import { fileURLToPath } from 'node:url'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import type { Db } from './client.js'
import { normalizeStoredMobiles, type MobileNumberMigration } from './mobile-numbers.js'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Any constant works; it only has to be the same for every instance of this application. */
const MIGRATION_LOCK_KEY = 7_341_120_511

/** What the steps after the SQL migrations need to know. */
export interface MigrateOptions {
  /** DEFAULT_COUNTRY_CODE: the country of the stored numbers written without one. */
  defaultCountryCode: string
}

/**
 * The SQL migrations, then the steps that need application code: migration 0014's mobile numbers
 * (db/mobile-numbers.ts).
 */
export async function migratePgliteDatabase(
  pglite: PGlite,
  options: MigrateOptions,
): Promise<MobileNumberMigration> {
  const db = drizzlePglite({ client: pglite })
  await migratePglite(db, { migrationsFolder })
  return normalizeStoredMobiles(db as unknown as Db, options.defaultCountryCode)
}

/**
 * Several app instances may start at once on one PostgreSQL: an advisory lock lets one migrate
 * while the others wait, then find nothing left to do.
 */
export async function migratePostgresDatabase(
  pool: pg.Pool,
  options: MigrateOptions,
): Promise<MobileNumberMigration> {
  const client = await pool.connect()
  try {
    // Waiting for another instance's migration, and a migration itself, may take longer than a
    // request's statement timeout (docs/decisions/021-database-faults.md); reset below.
    await client.query('set statement_timeout = 0')
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      const db = drizzlePg({ client })
      await migratePg(db, { migrationsFolder })
      return await normalizeStoredMobiles(db as unknown as Db, options.defaultCountryCode)
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      await client.query('reset statement_timeout')
    }
  } finally {
    client.release()
  }
}
