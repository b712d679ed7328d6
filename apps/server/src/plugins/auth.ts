import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify'
import type { StaffRole } from '@hackathon/contract'
import type { Config } from '../config.js'
import type {
  ApplicantActor,
  ApplicantAuthService,
} from '../modules/applicant-auth/applicant-auth.service.js'
import type { AuthService, StaffActor } from '../modules/auth/auth.service.js'
import { AppError } from './app-error.js'

/** A staff member, from the session cookie. Applicants are request.applicant, from a bearer token. */
export type Actor = StaffActor

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null
    /** The applicant behind an `Authorization: Bearer` token; never a staff identity. */
    applicant: ApplicantActor | null
    /** The raw session cookie, when one came with the request. */
    sessionToken: string | null
  }
}

export const SESSION_COOKIE = 'hk_session'

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(config.sessions.absoluteMs / 1000),
  })
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
  })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request forgery: a state-changing call must be JSON or multipart (a plain HTML form
 * cannot send those across sites without CORS, which we never grant) and, when the browser says
 * where it comes from, come from our own origin.
 */
function checkCsrf(request: FastifyRequest, config: Config): void {
  if (SAFE_METHODS.has(request.method)) return
  const type = (request.headers['content-type'] ?? '').toLowerCase()
  // Only POST can be sent across sites without a CORS preflight (which we never grant), so only
  // POST needs the content-type proof; PUT, PATCH and DELETE cannot be forged by a form.
  if (
    request.method === 'POST' &&
    !type.startsWith('application/json') &&
    !type.startsWith('multipart/form-data')
  ) {
    throw new AppError(415, 'Send this request as JSON (Content-Type: application/json)')
  }
  const origin = request.headers.origin
  if (origin === undefined) return
  const own = new Set([new URL(config.publicUrl).origin, `${request.protocol}://${request.host}`])
  if (!own.has(origin)) throw new AppError(403, 'Cross-site request refused')
}

/**
 * Builds request.actor once per API request from the session cookie, and enforces the CSRF
 * rule on every state-changing API call.
 */
export function registerAuth(
  app: FastifyInstance,
  {
    config,
    auth,
    applicantAuth,
  }: { config: Config; auth: AuthService; applicantAuth: ApplicantAuthService },
): void {
  app.decorateRequest('actor', null)
  app.decorateRequest('applicant', null)
  app.decorateRequest('sessionToken', null)
  app.addHook('onRequest', async (request) => {
    // The route as matched (a percent-encoded path like /%61pi/... matches an /api/ route too).
    const route = request.routeOptions.url ?? request.url
    if (!route.startsWith('/api/')) return
    checkCsrf(request, config)
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
    if (bearer) request.applicant = await applicantAuth.resolveSession(bearer)
    const token = request.cookies[SESSION_COOKIE]
    if (!token) return
    request.sessionToken = token
    request.actor = await auth.resolveSession(token)
  })
}

/**
 * The named guard declared on each route (docs/architecture.md#access). Bearer identities never
 * pass it. Declared as the route's onRequest hook, so a caller without the right gets 401/403
 * before its body is even parsed, never a validation answer.
 */
export function requireRole(...roles: StaffRole[]): onRequestAsyncHookHandler {
  return async (request) => {
    const actor = request.actor
    if (!actor || actor.kind !== 'staff')
      throw new AppError(401, 'You are not signed in. Please sign in and try again.')
    if (!roles.includes(actor.role))
      throw new AppError(403, 'You do not have permission to do this.')
  }
}

/** The guard of the applicant portal's bearer routes. A staff cookie never passes it. */
export const requireApplicant: onRequestAsyncHookHandler = async (request) => {
  if (!request.applicant) throw new AppError(401, 'Your session has ended. Please sign in again.')
}

/** The applicant behind a request whose route declared requireApplicant. */
export function applicantActor(request: FastifyRequest): ApplicantActor {
  if (!request.applicant) throw new AppError(401, 'Your session has ended. Please sign in again.')
  return request.applicant
}

/** The staff member behind a request whose route declared requireRole. */
export function staffActor(request: FastifyRequest): StaffActor {
  const actor = request.actor
  if (!actor || actor.kind !== 'staff')
    throw new AppError(401, 'You are not signed in. Please sign in and try again.')
  return actor
}

/**
 * Whether a browser navigation comes from another site: the browser says so (Sec-Fetch-Site),
 * or names the page it came from (Referer). A navigation with neither (typed, a bookmark, an old
 * browser) counts as our own.
 */
export function fromAnotherSite(request: FastifyRequest, config: Config): boolean {
  const site = request.headers['sec-fetch-site']
  if (site === 'cross-site' || site === 'same-site') return true
  const referer = request.headers.referer
  if (!referer) return false
  try {
    const origin = new URL(referer).origin
    return (
      origin !== new URL(config.publicUrl).origin &&
      origin !== `${request.protocol}://${request.host}`
    )
  } catch {
    return true
  }
}
