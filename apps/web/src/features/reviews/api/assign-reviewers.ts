import type { AssignmentOverview, assignmentRequest } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { reviewKeys, roundPath } from './keys'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type AssignmentRequest = ReturnType<typeof assignmentRequest.parse>

/** POST /api/rounds/{id}/assignments (admin): N judges per submission, never from their own college. */
export function assignReviewers(
  roundId: string,
  request: AssignmentRequest,
): Promise<AssignmentOverview> {
  return apiRequest<AssignmentOverview>('POST', `${roundPath(roundId)}/assignments`, request)
}

export function useAssignReviewers(roundId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: AssignmentRequest) => assignReviewers(roundId, request),
    onSuccess: (overview) => queryClient.setQueryData(reviewKeys.assignments(roundId), overview),
  })
}
