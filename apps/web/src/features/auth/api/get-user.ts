import type { CurrentUser } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { getQueryFn } from '@/lib/api'

import { authKeys } from './keys'

/**
 * Signed out is an answer, not an error: a 401 resolves to null. The answer is typed, not
 * parsed: parsing would put zod in the landing page's bundle, and the router copes with any
 * role value the server sends (SPEC.md section 2: other roles get no menu).
 */
export const getUser = getQueryFn<CurrentUser>({ on401: 'returnNull' })

export function userQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: getUser,
    // SPEC.md section 4: the current-user call is not retried on failure.
    retry: false,
  })
}

export function useUser() {
  return useQuery(userQueryOptions())
}
