import type { Rubric, RubricRequest } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { reviewKeys, roundPath } from './keys'

/** PUT /api/rounds/{id}/rubric (admin): refused with 409 once the round has a review. */
export function updateRubric(roundId: string, request: RubricRequest): Promise<Rubric> {
  return apiRequest<Rubric>('PUT', `${roundPath(roundId)}/rubric`, request)
}

export function useUpdateRubric(roundId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: RubricRequest) => updateRubric(roundId, request),
    onSuccess: (saved) => queryClient.setQueryData(reviewKeys.rubric(roundId), saved),
    // A 409 means a judge saved a review meanwhile: show the rubric as it now is, locked.
    onError: () => queryClient.invalidateQueries({ queryKey: reviewKeys.rubric(roundId) }),
  })
}
