import type { ConfirmParticipationInput, MessageResponse } from '@hackathon/contract'
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

/**
 * The applicant's status becomes confirmed (SPEC.md section 4), which the staff applicant table
 * shows. Spelled out rather than imported, since features do not import each other; a query key
 * is its GET path, so this prefix matches whatever keys the applicants feature builds under it.
 */
const APPLICANTS_KEY = ['/api/applicants'] as const

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
      void queryClient.invalidateQueries({ queryKey: APPLICANTS_KEY })
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
