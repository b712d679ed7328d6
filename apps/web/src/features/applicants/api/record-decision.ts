import type { DecisionInput } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'
import type { SelectApplicantResponse } from '@/lib/select-applicant'

import { invalidateApplicants } from './invalidate-applicants'

export interface RecordDecisionVariables {
  id: string
  input: DecisionInput
}

/**
 * POST /api/applicants/{id}/decision (admin): where the applicant stands in a round. Refused with
 * 409 and the reason in words when the pipeline does not allow it (docs/product/pipeline.md).
 */
export function recordDecision({
  id,
  input,
}: RecordDecisionVariables): Promise<SelectApplicantResponse> {
  return apiRequest<SelectApplicantResponse>(
    'POST',
    `/api/applicants/${encodeURIComponent(id)}/decision`,
    input,
  )
}

export function useRecordDecision() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recordDecision,
    onSuccess: () => invalidateApplicants(queryClient),
  })
}
