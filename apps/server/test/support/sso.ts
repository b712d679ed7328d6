import { createTestContext, type TestContext } from '../app.js'
import { addStaff } from '../staff-helpers.js'
import { startOidcProvider, type TestProvider } from './oidc-provider.js'

/**
 * A test server whose single sign-on goes to a real provider on loopback, with one staff member
 * the provider can sign in. `publicUrl` is the server's own address, where the provider sends the
 * browser back.
 */
export async function ssoTestContext(
  publicUrl: string,
  staff: Parameters<typeof addStaff>[1],
  env: Record<string, string> = {},
): Promise<{ provider: TestProvider; ctx: TestContext; close(): Promise<void> }> {
  const provider = await startOidcProvider({ redirectUri: `${publicUrl}/api/login/callback` })
  const ctx = await createTestContext({
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    ...env,
  })
  await addStaff(ctx.database.db, staff)
  return {
    provider,
    ctx,
    close: async () => {
      await ctx.close()
      await provider.close()
    },
  }
}

/**
 * Walks the provider's redirects with a cookie jar until it sends the browser back to
 * `publicUrl`.
 */
export async function followProvider(startUrl: string, publicUrl: string): Promise<URL> {
  const jar = new Map<string, string>()
  let url = startUrl
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = pair!.split('=')
      jar.set(name!, value.join('='))
    }
    const location = res.headers.get('location')
    if (!location)
      throw new Error(`the provider stopped at ${url} with ${res.status}: ${await res.text()}`)
    const next = new URL(location, url)
    if (next.href.startsWith(publicUrl)) return next
    url = next.href
  }
  throw new Error('too many redirects')
}
