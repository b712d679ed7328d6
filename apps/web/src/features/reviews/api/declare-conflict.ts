import type { MessageResponse, conflictRequest } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { reviewKeys, submissionPath } from './keys'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type ConflictRequest = ReturnType<typeof conflictRequest.parse>

/** POST /api/submissions/{id}/conflict (jury): the submission leaves this judge's list. */
export function declareConflict(
  submissionId: string,
  request: ConflictRequest,
): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', `${submissionPath(submissionId)}/conflict`, request)
}

export function useDeclareConflict(submissionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: ConflictRequest) => declareConflict(submissionId, request),
    // Not awaited: the dialogs close (and place focus) before the list drops the submission.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.submissionLists() })
    },
  })
}
