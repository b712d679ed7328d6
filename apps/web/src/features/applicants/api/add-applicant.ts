import type { Applicant, ManualApplicantInput } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { invalidateApplicants } from './invalidate-applicants'

/** Refused with 409 when the email or mobile number is already registered. */
export function addApplicant(input: ManualApplicantInput): Promise<Applicant> {
  return apiRequest<Applicant>('POST', '/api/applicants', input)
}

export function useAddApplicant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addApplicant,
    onSuccess: () => invalidateApplicants(queryClient),
  })
}
