import { useUser } from '../api/get-user'
import type { User } from '../types'

export interface AuthState {
  user: User | null
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
