import type { Rubric } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { reviewKeys, roundPath } from './keys'

/** GET /api/rounds/{id}/rubric: the round's criteria, whether they are locked, and the review deadline. */
export function getRubric(roundId: string): Promise<Rubric> {
  return apiRequest<Rubric>('GET', `${roundPath(roundId)}/rubric`)
}

export function rubricQueryOptions(roundId: string) {
  return queryOptions({ queryKey: reviewKeys.rubric(roundId), queryFn: () => getRubric(roundId) })
}

export function useRubric(roundId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...rubricQueryOptions(roundId), enabled })
}
