import type { ConfirmParticipationInput, MessageResponse } from '@hackathon/contract'
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'
import { invalidateTopics } from '@/lib/stale-queries'

/** The code comes from the emailed link; the server refuses a used, expired or unknown one (400). */
export function confirmParticipation(input: ConfirmParticipationInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/confirm-participation', input)
}

export function useConfirmParticipation(
  options: Pick<
    UseMutationOptions<MessageResponse, Error, ConfirmParticipationInput>,
    'onSuccess' | 'onError'
  > = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmParticipation,
    ...options,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args)
      // The applicant's status becomes confirmed (docs/product/applicants.md#confirmation), which
      // the staff screens show.
      void invalidateTopics(queryClient, ['applicants'])
    },
  })
}

/**
 * Whether the link's code would confirm someone now, asked before the page congratulates anyone
 * (issue 22: a bogus link greeted the visitor as selected). Only the button confirms, so a mail
 * scanner opening the link confirms nobody.
 */
export function useConfirmationCheck(input: ConfirmParticipationInput) {
  const path = `/api/confirm-participation?code=${encodeURIComponent(input.code)}`
  return useQuery({
    queryKey: [path],
    queryFn: () => apiRequest<MessageResponse>('GET', path),
    staleTime: Infinity,
    gcTime: 0,
  })
}
