import type { MyReview } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { reviewKeys, submissionPath } from './keys'

/** GET /api/submissions/{id}/review (jury): the rubric, my scores and every earlier save. */
export function getMyReview(submissionId: string): Promise<MyReview> {
  return apiRequest<MyReview>('GET', `${submissionPath(submissionId)}/review`)
}

export function myReviewQueryOptions(submissionId: string) {
  return queryOptions({
    queryKey: reviewKeys.myReview(submissionId),
    queryFn: () => getMyReview(submissionId),
  })
}

/** Asked when the review dialog opens. */
export function useMyReview(submissionId: string) {
  return useQuery(myReviewQueryOptions(submissionId))
}
