import type { RegistrationInput, RegistrationResponse } from '@hackathon/contract'
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

/**
 * What a new registration changes on the staff screens (SPEC.md section 7: "afterwards
 * applicant and dashboard-stats data are refreshed"). The prefixes are spelled out rather than
 * imported: this call is shared by the registration page and the admin's New Registration modal,
 * and lib/ may not know the features. A query key is its GET path, so they match
 * whatever keys the applicant and dashboard features build under them.
 */
const REFRESHED_BY_REGISTRATION = [
  ['/api/applicants'],
  ['/api/stage-stats'],
  ['/api/rounds'],
  ['/api/recent-activity'],
  ['/api/dashboard-charts'],
] as const

export function registerApplicant(input: RegistrationInput): Promise<RegistrationResponse> {
  return apiRequest<RegistrationResponse>('POST', '/api/register', input)
}

/**
 * The callbacks belong to the mutation, not to one `mutate` call, so a failure is still
 * announced if the visitor leaves the page while the registration is on its way.
 */
export function useRegisterApplicant(
  options: Pick<
    UseMutationOptions<RegistrationResponse, Error, RegistrationInput>,
    'onSuccess' | 'onError'
  > = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: registerApplicant,
    ...options,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args)
      // Not awaited: the visitor's success screen must not wait on staff data being refetched.
      for (const queryKey of REFRESHED_BY_REGISTRATION) {
        void queryClient.invalidateQueries({ queryKey })
      }
    },
  })
}
