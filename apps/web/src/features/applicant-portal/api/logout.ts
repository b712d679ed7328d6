import { useMutation, useQueryClient } from '@tanstack/react-query'

import { bearerRequest, clearApplicantSession } from '@/lib/applicant-session'

import { applicantPortalKeys } from './keys'

export function logoutApplicant(): Promise<unknown> {
  return bearerRequest('POST', '/api/applicant/logout')
}

/**
 * Ends the session on the server, then forgets it here whatever the answer: someone pressing
 * Logout on a shared computer must be signed out even when the network or the server fails.
 * Clearing the session sends the applicant pages to the login page.
 */
export function useLogoutApplicant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logoutApplicant,
    onSettled: () => {
      clearApplicantSession()
      queryClient.removeQueries({ queryKey: applicantPortalKeys.all })
    },
  })
}
