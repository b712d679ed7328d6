import type { selectApplicantResponse } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { invalidateApplicants } from './invalidate-applicants'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type SelectApplicantResponse = ReturnType<typeof selectApplicantResponse.parse>

/** Refused with 409 unless the applicant's status is submitted; the server then sends the email. */
export function selectApplicant(id: string): Promise<SelectApplicantResponse> {
  return apiRequest<SelectApplicantResponse>(
    'POST',
    `/api/applicants/${encodeURIComponent(id)}/select`,
  )
}

export function useSelectApplicant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: selectApplicant,
    onSuccess: () => invalidateApplicants(queryClient),
  })
}
