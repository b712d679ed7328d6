import * as oidc from 'openid-client'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { isLoopbackHost } from '../../lib/loopback.js'
import { hashToken } from '../../lib/secrets.js'
import { AppError } from '../../plugins/app-error.js'
import type { AuthService, IssuedSession } from './auth.service.js'
import * as repo from './auth.repo.js'

const STATE_LIFETIME_MS = 10 * 60_000

export type SsoService = ReturnType<typeof createSsoService>

export type SsoOutcome = { ok: true; session: IssuedSession } | { ok: false; reason: string }

/**
 * Single sign-on for staff with any OpenID Connect provider (Google Workspace, Microsoft Entra,
 * Keycloak...): authorization code flow with PKCE, state and nonce. The provider vouches for the
 * email; the staff account must already exist (docs/decisions/005-staff-sign-in.md).
 */
export function createSsoService({
  db,
  config,
  auth,
}: {
  db: Db
  config: Config
  auth: AuthService
}) {
  const settings = config.oidc
  const redirectUri = `${config.publicUrl}/api/login/callback`
  // The provider's metadata is static: discovering it once per process is safe with many instances.
  let discovered: Promise<oidc.Configuration> | undefined

  function provider(): Promise<oidc.Configuration> {
    if (!settings) throw new AppError(404, 'Single sign-on is not configured on this platform.')
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
        // Plain http is accepted only for a provider on this machine (tests, local Keycloak).
        {
          execute:
            new URL(settings.issuer).protocol === 'http:' &&
            isLoopbackHost(new URL(settings.issuer).hostname)
              ? [oidc.allowInsecureRequests]
              : [],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined
        throw new AppError(
          502,
          `The single sign-on provider could not be reached: ${(error as Error).message}`,
        )
      })
    return discovered
  }

  return {
    enabled: Boolean(settings),
    label: config.oidcLabel,

    /** Where to send the browser, and the state to bind to it in a cookie. */
    async start(): Promise<{ url: string; state: string }> {
      const configuration = await provider()
      const codeVerifier = oidc.randomPKCECodeVerifier()
      const state = oidc.randomState()
      const nonce = oidc.randomNonce()
      await repo.insertSsoState(db, {
        stateHash: hashToken(state),
        codeVerifier,
        nonce,
        expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
      })
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      return { url: url.href, state }
    },

    /** Completes the flow for the callback URL; `cookieState` is the state this browser started. */
    async finish(callbackUrl: URL, cookieState: string | undefined): Promise<SsoOutcome> {
      const configuration = await provider()
      if (!cookieState)
        return {
          ok: false,
          reason: 'This sign-in link has expired or was opened in another browser.',
        }
      const pending = await repo.takeSsoState(db, hashToken(cookieState))
      if (!pending || pending.expiresAt.getTime() < Date.now()) {
        return { ok: false, reason: 'This sign-in attempt has expired. Please start again.' }
      }
      let claims: Record<string, unknown> | undefined
      try {
        const tokens = await oidc.authorizationCodeGrant(
          configuration,
          new URL(redirectUri + callbackUrl.search),
          {
            pkceCodeVerifier: pending.codeVerifier,
            expectedState: cookieState,
            expectedNonce: pending.nonce,
            idTokenExpected: true,
          },
        )
        const idToken = tokens.claims()
        claims = idToken
        // Some providers keep email out of the ID token and serve it from the userinfo endpoint.
        if (idToken && typeof idToken.email !== 'string') {
          claims = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
        }
      } catch (error) {
        return {
          ok: false,
          reason: `The sign-in provider did not confirm who you are (${(error as Error).message}).`,
        }
      }
      const email = typeof claims?.email === 'string' ? claims.email : undefined
      if (!email)
        return { ok: false, reason: 'The sign-in provider did not share an email address.' }
      if (claims?.email_verified !== true) {
        return {
          ok: false,
          reason: `The sign-in provider has not verified the email address ${email}.`,
        }
      }
      const session = await auth.loginBySso(email)
      if (!session) {
        return {
          ok: false,
          reason: `There is no active staff account for ${email}. Ask an organizer to add you, then sign in again.`,
        }
      }
      return { ok: true, session }
    },
  }
}
