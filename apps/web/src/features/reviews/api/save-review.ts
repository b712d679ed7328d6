import type { MyReview, ReviewRequest } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { reviewKeys, submissionPath } from './keys'

/** PUT /api/submissions/{id}/review (jury): 409 once reviews close, 403 after a conflict. */
export function saveReview(submissionId: string, review: ReviewRequest): Promise<MyReview> {
  return apiRequest<MyReview>('PUT', `${submissionPath(submissionId)}/review`, review)
}

export function useSaveReview(submissionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (review: ReviewRequest) => saveReview(submissionId, review),
    onSuccess: async (saved) => {
      queryClient.setQueryData(reviewKeys.myReview(submissionId), saved)
      // The card's 'Your score' and 'Edit score' come from the list.
      await queryClient.invalidateQueries({
        queryKey: reviewKeys.submissionLists(),
        predicate: ({ queryKey }) => queryKey[2] !== 'review',
      })
    },
  })
}
