import { fileURLToPath } from 'node:url'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Any constant works; it only has to be the same for every instance of this application. */
const MIGRATION_LOCK_KEY = 7_341_120_511

export async function migratePgliteDatabase(pglite: PGlite): Promise<void> {
  await migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder })
}

/**
 * Several app instances may start at once on one PostgreSQL: an advisory lock lets one migrate
 * while the others wait, then find nothing left to do.
 */
export async function migratePostgresDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } finally {
    client.release()
  }
}
