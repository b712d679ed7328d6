import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` uses this: it diffs the schema against the committed migrations and
// needs no database. Migrations are applied at start-up by the programmatic migrator (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
})
