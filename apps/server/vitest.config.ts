import { defineConfig } from 'vitest/config'

// The same suite runs on PGlite (default) and on PostgreSQL when DATABASE_URL is set.
// Files named *.pglite.test.ts prove things only the embedded database has (its directory lock);
// files named *.postgres.test.ts things only a server database has (several app instances on it).
const onPostgres = Boolean(process.env.DATABASE_URL)

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [onPostgres ? '**/*.pglite.test.ts' : '**/*.postgres.test.ts', '**/node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 2 cores: two files at once keeps PGlite instances from starving each other.
    maxWorkers: 2,
  },
})
