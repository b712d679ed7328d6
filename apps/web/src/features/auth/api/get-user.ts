import { queryOptions, useQuery } from '@tanstack/react-query'

import { getQueryFn } from '@/lib/api'

import type { User } from '../types'
import { authKeys } from './keys'

/** Signed out is an answer, not an error: a 401 resolves to null. */
export const getUser = getQueryFn<User>({ on401: 'returnNull' })

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
