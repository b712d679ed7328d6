import { LIMITS, RETURN_TO_PARAM, TEXTS } from '@hackathon/contract'

import { toast } from '@/components/ui/use-toast'

import { apiErrorStatus } from './error-message'

/** The server's sign-in path; a full page load, since it may hand over to a sign-in provider. */
export const LOGIN_PATH = '/api/login'

/**
 * The server's sign-in path, returning afterwards to the page the browser is on; the server
 * keeps only a path of this site (docs/decisions/025-staff-sign-in-return-and-applicant-sidebar.md).
 */
export function loginHref(): string {
  const here = `${window.location.pathname}${window.location.search}`
  return `${LOGIN_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(here)}`
}

/**
 * docs/product/screens.md#a-session-that-ran-out: a screen whose session ran out says so, then
 * sends the browser to sign in again. The delay lets the notice be seen (and read out) before the
 * page goes away.
 */
export function notifyUnauthorizedAndRelogin(): void {
  toast({
    variant: 'destructive',
    title: TEXTS.unauthorizedTitle,
    description: TEXTS.unauthorizedBody,
  })
  setTimeout(() => {
    window.location.href = loginHref()
  }, LIMITS.unauthorizedRedirectMs)
}

/** Handles a 401 as above and returns true; any other error is left to the caller. */
export function handleUnauthorized(err: unknown): boolean {
  if (apiErrorStatus(err) !== 401) return false
  notifyUnauthorizedAndRelogin()
  return true
}
