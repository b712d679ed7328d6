import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { adminUrl, databaseUrlFor } from '../postgres-url.js'

// Two app instances on one fresh PostgreSQL database, for the journey that watches a dashboard on
// one instance while registering on the other (e2e/playwright.config.ts starts this when
// E2E_POSTGRES_URL names a reachable server). Waits for the main journey server (WAIT_FOR_URL),
// which builds the web app these instances serve too. The database is dropped on exit.
const serverUrl = process.env.E2E_POSTGRES_URL!
const ports = (process.env.TWO_INSTANCE_PORTS ?? '3101,3102').split(',')
const name = `hackstage_e2e_${process.pid}_${Date.now()}`
const databaseUrl = databaseUrlFor(serverUrl, name)
const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url))

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(serverUrl) })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

async function healthy(url: string): Promise<void> {
  for (let i = 0; i < 900; i++) {
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer`)
}

/** Databases of earlier runs whose process is gone (killed before it could clean up). */
async function dropLeftovers(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like 'hackstage_e2e_%'",
  )
  for (const { datname } of rows) {
    const pid = Number(/^hackstage_e2e_(\d+)_/.exec(datname)?.[1])
    const alive = (() => {
      try {
        process.kill(pid, 0)
        return true
      } catch {
        return false
      }
    })()
    if (!alive) await client.query(`drop database if exists "${datname}" with (force)`)
  }
}

if (process.env.WAIT_FOR_URL) await healthy(process.env.WAIT_FOR_URL)
await admin(async (client) => {
  await dropLeftovers(client)
  await client.query(`create database "${name}"`)
})
const children: ChildProcess[] = []
for (const port of ports) {
  children.push(
    spawn(process.execPath, ['--import', 'tsx', main], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: port, HOST: '127.0.0.1' },
    }),
  )
  // One after the other: the first migrates and creates the admin, the second finds them.
  await healthy(`http://127.0.0.1:${port}/api/health`)
}
console.log(`two instances on ${name}: ports ${ports.join(', ')}`)

async function stop() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(undefined)
          child.once('exit', resolve)
          child.kill('SIGTERM')
        }),
    ),
  )
  await admin((client) => client.query(`drop database if exists "${name}" with (force)`)).catch(
    () => {},
  )
  process.exit(0)
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop())
