import type { CurrentUser } from '@hackathon/contract'

import { useUser } from '../api/get-user'

export interface AuthState {
  user: CurrentUser | null
  isLoading: boolean
  isAuthenticated: boolean
}

/**
 * Who is signed in. Any failure of the user call (401, or a 404 before staff sign-in exists)
 * counts as signed out, so the public routes always render.
 */
export function useAuth(): AuthState {
  const { data, isLoading } = useUser()
  const user = data ?? null
  return { user, isLoading, isAuthenticated: user !== null }
}
