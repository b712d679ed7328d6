import type { CurrentUser } from '@hackathon/contract'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

import { AppProviders } from '@/app/providers'
import { authKeys } from '@/features/auth/api/keys'
import { createQueryClient } from '@/lib/query-client'

/**
 * A user as the user call may send it. The role is any string on purpose: the server is data, and
 * docs/product/screens.md#sidebar says what an unknown role gets (nothing).
 */
export function userWithRole(role: string): CurrentUser {
  return {
    id: '7d0c3b8e-2f8e-4a57-9d7c-5d1f0d6b9e01',
    email: `${role}@example.org`,
    name: 'Sam Doe',
    role,
  } as CurrentUser
}

/**
 * Renders inside the app's providers (a fresh query client, the toaster) at `path`.
 * `user`: null = signed out; omitted = the user call is left to fetch.
 */
export function renderWithApp(
  ui: ReactNode,
  { path = '/', user }: { path?: string; user?: CurrentUser | null } = {},
) {
  const queryClient = createQueryClient()
  if (user !== undefined) queryClient.setQueryData(authKeys.user(), user)
  const location = memoryLocation({ path, record: true })
  const result = render(
    <AppProviders queryClient={queryClient}>
      <Router hook={location.hook}>{ui}</Router>
    </AppProviders>,
  )
  return { ...result, queryClient, location }
}
