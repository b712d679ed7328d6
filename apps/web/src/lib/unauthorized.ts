import { LIMITS, TEXTS } from '@hackathon/contract'

import { toast } from '@/components/ui/use-toast'

import { apiErrorStatus } from './error-message'

/** The server's sign-in path; a full page load, since it may hand over to a sign-in provider. */
export const LOGIN_PATH = '/api/login'

/**
 * SPEC.md sections 4 and 8: a screen whose session ran out says so, then sends the browser to
 * sign in again. The delay lets the notice be seen (and read out) before the page goes away.
 */
export function notifyUnauthorizedAndRelogin(): void {
  toast({
    variant: 'destructive',
    title: TEXTS.unauthorizedTitle,
    description: TEXTS.unauthorizedBody,
  })
  setTimeout(() => {
    window.location.href = LOGIN_PATH
  }, LIMITS.unauthorizedRedirectMs)
}

/** Handles a 401 as above and returns true; any other error is left to the caller. */
export function handleUnauthorized(err: unknown): boolean {
  if (apiErrorStatus(err) !== 401) return false
  notifyUnauthorizedAndRelogin()
  return true
}
