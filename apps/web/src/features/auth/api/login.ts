import type { CurrentUser, LoginInput } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { authKeys } from './keys'

export function login(input: LoginInput): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('POST', '/api/auth/login', input)
}

/**
 * Signs in with email and password. The answer is the user, so the router switches to the
 * signed-in routes at once; the refetch then lets the user call, which every screen reads,
 * have the last word.
 */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user(), user)
      void queryClient.invalidateQueries({ queryKey: authKeys.user() })
    },
  })
}
