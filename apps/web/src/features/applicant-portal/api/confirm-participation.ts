import type { selectApplicantResponse } from '@hackathon/contract'
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'

import { bearerRequest, updateStoredApplicant } from '@/lib/applicant-session'

import { applicantPortalKeys } from './keys'

/** The server answers with the selection's shape; the contract exports its schema, not a type. */
export type ConfirmParticipationResponse = ReturnType<typeof selectApplicantResponse.parse>

/** Refused with 409 unless the applicant's status is selected; afterwards it is confirmed. */
export function confirmParticipation(): Promise<ConfirmParticipationResponse> {
  return bearerRequest<ConfirmParticipationResponse>('POST', '/api/applicant/confirm-participation')
}

/**
 * The callbacks belong to the mutation, not to one `mutate` call, so the outcome is still
 * announced if the applicant leaves the dashboard while the request is on its way.
 */
export function useConfirmApplicantParticipation(
  options: Pick<
    UseMutationOptions<ConfirmParticipationResponse, Error, void>,
    'onSuccess' | 'onError'
  > = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmParticipation,
    ...options,
    onSuccess: async (...args) => {
      updateStoredApplicant(args[0].applicant)
      await options.onSuccess?.(...args)
      await queryClient.invalidateQueries({ queryKey: applicantPortalKeys.dashboard() })
    },
  })
}
