import type { AssignmentOverview } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { reviewKeys, roundPath } from './keys'

/** GET /api/rounds/{id}/assignments (admin): coverage and each judge's progress. */
export function getAssignments(roundId: string): Promise<AssignmentOverview> {
  return apiRequest<AssignmentOverview>('GET', `${roundPath(roundId)}/assignments`)
}

export function assignmentsQueryOptions(roundId: string) {
  return queryOptions({
    queryKey: reviewKeys.assignments(roundId),
    queryFn: () => getAssignments(roundId),
  })
}

export function useAssignments(roundId: string) {
  return useQuery(assignmentsQueryOptions(roundId))
}
