import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface TestProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** Who the provider signs in next (its login step needs no typing). */
  signInAs(email: string, verified?: boolean): void
  close(): Promise<void>
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on loopback, for tests of single
 * sign-on. Its login and consent steps complete by themselves for the account set with
 * signInAs, so both an HTTP client and a browser can walk the whole flow.
 */
export async function startOidcProvider({
  redirectUri,
  port = 0,
  control = false,
}: {
  redirectUri: string
  port?: number
  /** Serve GET /__test/sign-in-as?email=... so another process can pick the account. */
  control?: boolean
}): Promise<TestProvider> {
  const clientId = 'hackathon-platform'
  const clientSecret = 'test-client-secret-that-is-long-enough-for-hs256'
  let account = { email: 'nobody@example.org', verified: true }

  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: account.email,
        email_verified: account.verified,
        name: account.email.split('@')[0],
      }),
    }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['oidc-test-cookie-key'] },
  })

  server.on('request', async (req, res) => {
    if (control && req.url?.startsWith('/__test/sign-in-as')) {
      const email = new URL(req.url, issuer).searchParams.get('email') ?? ''
      account = { email, verified: true }
      res.end(`next sign-in: ${email}`)
      return
    }
    if (!req.url?.startsWith('/interaction/')) return provider.callback()(req, res)
    try {
      const details = await provider.interactionDetails(req, res)
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.email } },
          { mergeWithLastSubmission: false },
        )
        return
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId })
      grant.addOIDCScope('openid email profile')
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      )
    } catch (error) {
      res.statusCode = 500
      res.end(String(error))
    }
  })

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (email, verified = true) => {
      account = { email, verified }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
