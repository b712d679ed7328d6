import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  authOptions,
  changePasswordInput,
  currentUser,
  loginInput,
  messageResponse,
  PASSWORD_MESSAGES,
} from '@hackathon/contract'
import type { Config } from '../../config.js'
import { simplePage } from '../../lib/html.js'
import {
  clearSessionCookie,
  fromAnotherSite,
  requireRole,
  setSessionCookie,
  staffActor,
} from '../../plugins/auth.js'
import { AppError } from '../../plugins/app-error.js'
import type { AuthService } from './auth.service.js'
import type { SsoService } from './sso.service.js'

const SSO_STATE_COOKIE = 'hk_sso_state'

export interface AuthRoutesDeps {
  config: Config
  auth: AuthService
  sso: SsoService
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesDeps> = async (
  app,
  { config, auth, sso },
) => {
  const tags = ['staff sign-in']

  app.get(
    '/api/auth/options',
    {
      schema: {
        tags,
        summary: 'How staff can sign in (is single sign-on offered?)',
        response: { 200: authOptions },
      },
    },
    async () => ({ sso: { enabled: sso.enabled, label: sso.label } }),
  )

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginInput,
        response: { 200: currentUser },
      },
    },
    async (request, reply) => {
      const session = await auth.login(request.body, request.ip)
      setSessionCookie(reply, config, session.token)
      return session.user
    },
  )

  app.get(
    '/api/auth/user',
    {
      schema: {
        tags,
        summary: 'The signed-in staff member (401 when signed out)',
        response: { 200: currentUser },
      },
    },
    async (request) => {
      const actor = request.actor
      if (!actor) throw new AppError(401, 'You are not signed in.')
      return { id: actor.id, email: actor.email, name: actor.name, role: actor.role }
    },
  )

  app.get(
    '/api/logout',
    { schema: { tags, summary: 'Ends the session and returns to the home page' } },
    async (request, reply) => {
      // A link on another site must not sign anyone out (logout CSRF): it only goes home.
      if (fromAnotherSite(request, config)) return reply.redirect('/')
      if (request.sessionToken) await auth.logout(request.sessionToken)
      clearSessionCookie(reply, config)
      return reply.redirect('/')
    },
  )

  app.post(
    '/api/change-password',
    {
      schema: {
        tags,
        summary: 'Change your password',
        body: changePasswordInput,
        response: { 200: messageResponse },
      },
      onRequest: requireRole('admin', 'jury'),
    },
    async (request, reply) => {
      const session = await auth.changePassword(staffActor(request), request.body)
      setSessionCookie(reply, config, session.token)
      return { message: PASSWORD_MESSAGES.changed }
    },
  )

  app.get(
    '/api/login',
    { schema: { tags, summary: 'Starts single sign-on with the configured provider' } },
    async (_request, reply) => {
      const { url, state } = await sso.start()
      reply.setCookie(SSO_STATE_COOKIE, state, {
        path: '/api/login',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https://'),
        maxAge: 600,
      })
      return reply.redirect(url)
    },
  )

  app.get(
    '/api/login/callback',
    { schema: { tags, summary: 'Where the provider returns after single sign-on' } },
    async (request, reply) => {
      const outcome = await sso.finish(
        new URL(request.url, config.publicUrl),
        request.cookies[SSO_STATE_COOKIE],
      )
      reply.clearCookie(SSO_STATE_COOKIE, { path: '/api/login' })
      if (!outcome.ok) {
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(
            simplePage({
              title: 'Single sign-on refused',
              message: outcome.reason,
              link: { href: '/admin/login', text: 'Back to sign in' },
            }),
          )
      }
      setSessionCookie(reply, config, outcome.session.token)
      return reply.redirect('/')
    },
  )
}
