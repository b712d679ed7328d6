import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  authOptions,
  changePasswordInput,
  currentUser,
  loginInput,
  messageResponse,
  PASSWORD_MESSAGES,
  safeReturnPath,
  staffUser,
  staffLoginHref,
} from '@hackathon/contract'
import { z } from 'zod'
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
import type { ApplicantPortalService } from '../applicant-portal/applicant-portal.service.js'
import type { AuthService } from './auth.service.js'
import type { SsoService } from './sso.service.js'

const SSO_STATE_COOKIE = 'hk_sso_state'
/** The page to return to after single sign-on; checked again when it is read back. */
const SSO_RETURN_COOKIE = 'hk_sso_return'

/** Any value is accepted and an unusable one ignored: a bad link still reaches a sign-in page. */
const loginQuery = z.object({ returnTo: z.unknown().optional() })

export interface AuthRoutesDeps {
  config: Config
  auth: AuthService
  sso: SsoService
  portal: ApplicantPortalService
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesDeps> = async (
  app,
  { config, auth, sso, portal },
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
        response: { 200: staffUser },
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
        summary:
          'The signed-in staff member, else the applicant of a bearer token (401 when signed out)',
        response: { 200: currentUser },
      },
    },
    async (request) => {
      const actor = request.actor
      if (actor) return { id: actor.id, email: actor.email, name: actor.name, role: actor.role }
      if (request.applicant) return portal.currentUser(request.applicant.id)
      throw new AppError(401, 'You are not signed in.')
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
    {
      schema: {
        tags,
        summary:
          'Brings staff to a sign-in: single sign-on when configured, else the sign-in page; then back to returnTo',
        querystring: loginQuery,
      },
    },
    async (request, reply) => {
      // docs/decisions/025-staff-sign-in-return-and-applicant-sidebar.md
      const returnTo = safeReturnPath(request.query.returnTo)
      if (!sso.enabled) return reply.redirect(staffLoginHref(returnTo))
      let started: { url: string; state: string }
      try {
        started = await sso.start()
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on provider unavailable')
        return reply
          .code(503)
          .header('retry-after', '60')
          .type('text/html; charset=utf-8')
          .send(
            simplePage({
              title: 'Single sign-on is unavailable',
              message:
                'The single sign-on provider cannot be reached right now. Try again in a few minutes, or sign in with your email and password.',
              link: { href: staffLoginHref(returnTo), text: 'Sign in with email and password' },
            }),
          )
      }
      const cookie = {
        path: '/api/login',
        httpOnly: true,
        sameSite: 'lax' as const,
        secure: config.publicUrl.startsWith('https://'),
        maxAge: 600,
      }
      reply.setCookie(SSO_STATE_COOKIE, started.state, cookie)
      if (returnTo) reply.setCookie(SSO_RETURN_COOKIE, returnTo, cookie)
      else reply.clearCookie(SSO_RETURN_COOKIE, { path: '/api/login' })
      return reply.redirect(started.url)
    },
  )

  app.get(
    '/api/login/callback',
    { schema: { tags, summary: 'Where the provider returns after single sign-on' } },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.cookies[SSO_RETURN_COOKIE])
      if (!sso.enabled) return reply.redirect(staffLoginHref(returnTo))
      reply.clearCookie(SSO_STATE_COOKIE, { path: '/api/login' })
      reply.clearCookie(SSO_RETURN_COOKIE, { path: '/api/login' })
      const refuse = (title: string, reason: string, status: number) =>
        reply
          .code(status)
          .type('text/html; charset=utf-8')
          .send(
            simplePage({
              title,
              message: reason,
              link: { href: staffLoginHref(returnTo), text: 'Back to sign in' },
            }),
          )
      let outcome: Awaited<ReturnType<typeof sso.finish>>
      try {
        outcome = await sso.finish(
          new URL(request.url, config.publicUrl),
          request.cookies[SSO_STATE_COOKIE],
        )
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on provider unavailable')
        return refuse(
          'Single sign-on is unavailable',
          'The single sign-on provider cannot be reached right now. Try again in a few minutes, or sign in with your email and password.',
          503,
        )
      }
      if (!outcome.ok) return refuse('Single sign-on refused', outcome.reason, 403)
      setSessionCookie(reply, config, outcome.session.token)
      return reply.redirect(returnTo ?? '/')
    },
  )
}
