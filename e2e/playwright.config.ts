import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

/**
 * The ports of the journeys' servers: free loopback ports the system hands out, not fixed ones
 * that another program may hold (issue 22). They are picked once, by the runner, into its
 * environment, which the test workers inherit, so every process reading this file agrees. Set a
 * variable to choose a port yourself.
 */
const PORT_VARIABLES = [
  'E2E_PORT',
  'E2E_OIDC_PORT',
  'E2E_SMTP_PORT',
  'E2E_SMTP_HTTP_PORT',
  'E2E_GITHUB_PORT',
  'E2E_EVENT_PORT',
  'E2E_INSTANCE_PORT_1',
  'E2E_INSTANCE_PORT_2',
] as const
const unset = PORT_VARIABLES.filter((name) => !process.env[name])
if (unset.length > 0) {
  // Synchronously, as a config file must be: a child holds every port open until all are
  // chosen (so none is handed out twice), prints them and lets them go.
  const script = `const net = require('node:net'); const servers = [];
    const open = () => new Promise((ok) => { const s = net.createServer(); servers.push(s); s.listen(0, '127.0.0.1', () => ok(s.address().port)) });
    (async () => { const ports = []; for (let i = 0; i < ${unset.length}; i++) ports.push(await open());
      process.stdout.write(ports.join(',')); for (const s of servers) s.close() })()`
  const ports = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).split(',')
  unset.forEach((name, i) => (process.env[name] = ports[i]))
}

const port = Number(process.env.E2E_PORT)
const oidcPort = Number(process.env.E2E_OIDC_PORT)
export const baseURL = `http://127.0.0.1:${port}`
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`
/** The test SMTP server: SMTP for the platform, HTTP for the journeys to read what arrived. */
export const smtp = {
  port: Number(process.env.E2E_SMTP_PORT),
  inbox: `http://127.0.0.1:${Number(process.env.E2E_SMTP_HTTP_PORT)}/messages`,
  user: 'mailer@example.org',
  password: 'smtp-password',
}
/**
 * When a PostgreSQL server is reachable (scripts/test.mjs sets E2E_POSTGRES_URL), two more app
 * instances run on one database of it, for the journey across instances (*.postgres.spec.ts).
 */
const postgresUrl = process.env.E2E_POSTGRES_URL
export const instances = [
  `http://127.0.0.1:${Number(process.env.E2E_INSTANCE_PORT_1)}`,
  `http://127.0.0.1:${Number(process.env.E2E_INSTANCE_PORT_2)}`,
] as const

/** The fake GitHub REST API every app instance of the journeys asks (any repository exists). */
export const githubApi = `http://127.0.0.1:${Number(process.env.E2E_GITHUB_PORT)}`

/** The first admin of the journeys' fresh platform. */
export const firstAdmin = { email: 'organizer@example.org', password: 'first-admin-password' }

/**
 * A platform of its own for the four-stage event journey: its rounds must be stages 1 to 4 with
 * none after them (a winner is recorded only in the final round, docs/product/pipeline.md), which
 * the shared platform, holding the rounds every other journey made, cannot give.
 */
export const eventURL = `http://127.0.0.1:${Number(process.env.E2E_EVENT_PORT)}`

/** What every platform of the journeys runs with: a fresh embedded database, the test mail and GitHub. */
function platformEnv(url: string): Record<string, string> {
  return {
    PORT: new URL(url).port,
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'hk-e2e-')),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    ADMIN_EMAIL: firstAdmin.email,
    ADMIN_PASSWORD: firstAdmin.password,
    EVENT_NAME: 'Journey Hackathon',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    EMAIL_RETRY_DELAY_MAX_SECONDS: '2',
    EMAIL_POLL_SECONDS: '0.5',
    GITHUB_API_URL: githubApi,
    GITHUB_RETRY_DELAY_SECONDS: '1',
  }
}

/**
 * Journeys run against the real production server (`npm start`: built web app + API on one port)
 * on a fresh embedded database, in Debian's chromium — never a browser Playwright downloads.
 */
export default defineConfig({
  testDir: './tests',
  testIgnore: postgresUrl ? [] : ['**/*.postgres.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machine's network is closed: without these, chromium keeps trying to reach its services.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: 'node --import tsx ../apps/server/test/support/smtp-server-main.ts',
      url: smtp.inbox,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        SMTP_TEST_PORT: String(smtp.port),
        SMTP_TEST_HTTP_PORT: new URL(smtp.inbox).port,
      },
    },
    {
      // A real OpenID Connect provider on loopback for the single sign-on journey.
      command: 'node --import tsx ../apps/server/test/support/oidc-provider-main.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        OIDC_TEST_PORT: String(oidcPort),
        OIDC_TEST_REDIRECT_URI: `${baseURL}/api/login/callback`,
      },
    },
    {
      // A fake GitHub on loopback: submissions are checked, pinned and frozen against it.
      command: 'node --import tsx ../apps/server/test/support/github-server-main.ts',
      url: `${githubApi}/repos/journeys/ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { GITHUB_TEST_PORT: new URL(githubApi).port },
    },
    {
      command: 'node ../scripts/start.mjs',
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        ...platformEnv(baseURL),
        OIDC_ISSUER: oidcIssuer,
        OIDC_CLIENT_ID: 'hackathon-platform',
        OIDC_CLIENT_SECRET: 'test-client-secret-that-is-long-enough-for-hs256',
        OIDC_LABEL: 'Sign in with Example SSO',
      },
    },
    {
      // Started after the one above, so the web app is already built when this one checks it.
      command: 'node ../scripts/start.mjs',
      url: `${eventURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: platformEnv(eventURL),
    },
    ...(postgresUrl
      ? [
          {
            command: 'node --import tsx ../apps/server/test/support/two-instances-main.ts',
            url: `${instances[1]}/api/health`,
            timeout: 300_000,
            reuseExistingServer: false,
            // SIGTERM (not Playwright's default SIGKILL) lets it stop the instances and drop its database.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
            env: {
              E2E_POSTGRES_URL: postgresUrl,
              TWO_INSTANCE_PORTS: instances.map((u) => new URL(u).port).join(','),
              WAIT_FOR_URL: `${baseURL}/api/health`,
              LOG_LEVEL: 'warn',
              PUBLIC_URL: instances[0],
              ADMIN_EMAIL: firstAdmin.email,
              ADMIN_PASSWORD: firstAdmin.password,
              GITHUB_API_URL: githubApi,
            },
          },
        ]
      : []),
  ],
})
