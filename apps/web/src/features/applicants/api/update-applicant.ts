import type { Applicant, ApplicantUpdateInput } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { invalidateApplicants } from './invalidate-applicants'

export interface UpdateApplicantVariables {
  id: string
  input: ApplicantUpdateInput
}

export function updateApplicant({ id, input }: UpdateApplicantVariables): Promise<Applicant> {
  return apiRequest<Applicant>('PUT', `/api/applicants/${encodeURIComponent(id)}`, input)
}

export function useUpdateApplicant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateApplicant,
    onSuccess: () => invalidateApplicants(queryClient),
  })
}
