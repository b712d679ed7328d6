import type { CurrentUser } from '@hackathon/contract'
import { queryOptions, useQuery, useQueryClient, type QueryFunction } from '@tanstack/react-query'
import { useEffect } from 'react'

import { throwIfResNotOk } from '@/lib/api'
import { readApplicantToken, subscribe } from '@/lib/applicant-token'

import { authKeys } from './keys'

/**
 * Signed out is an answer, not an error: a 401 resolves to null. The answer is typed, not
 * parsed: parsing would put zod in the landing page's bundle, and the router copes with any
 * role value the server sends (other roles get no menu; docs/decisions/025-staff-sign-in-return-and-applicant-sidebar.md). An applicant signed
 * in with a code is known by the stored bearer token, so the server names them (role
 * applicant) and the router gives them the applicant sidebar (issue 22).
 */
export const getUser: QueryFunction<CurrentUser | null> = async ({ queryKey, signal }) => {
  const token = readApplicantToken()
  const res = await fetch(queryKey.join('/'), {
    credentials: 'include',
    signal,
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
  })
  if (res.status === 401) return null
  await throwIfResNotOk(res)
  return (await res.json()) as CurrentUser
}

export function userQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: getUser,
    // The current-user call is not retried on failure (docs/product/api.md#how-the-web-app-calls).
    retry: false,
  })
}

export function useUser() {
  const queryClient = useQueryClient()
  // An applicant signing in or out (here or in another tab) changes who the user call names:
  // ask again, showing the spinner rather than the previous person's pages meanwhile.
  useEffect(
    () => subscribe(() => void queryClient.resetQueries({ queryKey: authKeys.user() })),
    [queryClient],
  )
  return useQuery(userQueryOptions())
}
