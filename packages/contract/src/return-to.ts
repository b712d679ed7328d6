// Where staff return after signing in. No zod here: the router imports it, and the landing
// page's bundle stays free of the schemas.

// The contract is compiled without the DOM or Node types; both have the WHATWG URL, of which
// this uses this much.
declare const URL: new (input: string, base: string) => { origin: string; pathname: string }

/** The query parameter that carries the page a staff member returns to after signing in. */
export const RETURN_TO_PARAM = 'returnTo'

/** The staff sign-in page of the web app. */
export const STAFF_LOGIN_PATH = '/admin/login'

/**
 * The page to return to after signing in, or null when `value` is not a path of this site.
 * Only a single-slash path is kept: `//host`, `/\host`, a tab or newline a browser would drop,
 * and any URL with a scheme would send a freshly signed-in person to another site (an open
 * redirect). API paths are refused too: a return to /api/logout would undo the sign-in.
 * docs/decisions/025-staff-sign-in-return-and-applicant-sidebar.md
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null
  if (!value.startsWith('/') || value.startsWith('//')) return null
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null
  const base = 'http://return.invalid'
  let parsed: { origin: string; pathname: string }
  try {
    parsed = new URL(value, base)
  } catch {
    return null
  }
  // `/.//host` is a path here, but becomes `//host` once its dots are resolved.
  if (parsed.origin !== base || parsed.pathname.startsWith('//')) return null
  let path: string
  try {
    path = decodeURIComponent(parsed.pathname).toLowerCase()
  } catch {
    return null
  }
  if (path === '/api' || path.startsWith('/api/')) return null
  return value
}

/** The staff sign-in page, returning afterwards to `returnTo` when it is a path of this site. */
export function staffLoginHref(returnTo?: unknown): string {
  const path = safeReturnPath(returnTo)
  return path && path !== '/'
    ? `${STAFF_LOGIN_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(path)}`
    : STAFF_LOGIN_PATH
}
