import type { AuthOptions } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { authKeys } from './keys'

export function getAuthOptions(): Promise<AuthOptions> {
  return apiRequest<AuthOptions>('GET', authKeys.options()[0])
}

export function authOptionsQueryOptions() {
  return queryOptions({ queryKey: authKeys.options(), queryFn: getAuthOptions })
}

/** Whether the login page offers single sign-on, and under which label. */
export function useAuthOptions() {
  return useQuery(authOptionsQueryOptions())
}
