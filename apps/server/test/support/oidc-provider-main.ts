import { startOidcProvider } from './oidc-provider.js'

// The test OpenID Connect provider as a process of its own, for the browser journeys
// (e2e/playwright.config.ts starts it). GET /__test/sign-in-as?email=... picks the account that
// its next sign-in completes for.
const port = Number(process.env.OIDC_TEST_PORT ?? 3190)
const redirectUri = process.env.OIDC_TEST_REDIRECT_URI ?? 'http://127.0.0.1:3100/api/login/callback'
const provider = await startOidcProvider({ port, redirectUri, control: true })
console.log(`test OpenID Connect provider at ${provider.issuer}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void provider.close().then(() => process.exit(0)))
}
