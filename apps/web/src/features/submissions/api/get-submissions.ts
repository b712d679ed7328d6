import type { staffSubmissionList } from '@hackathon/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { staffSubmissionKeys, type SubmissionFilters } from './keys'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type StaffSubmissionList = ReturnType<typeof staffSubmissionList.parse>

export function submissionsUrl({ roundId, search, page, limit }: SubmissionFilters): string {
  const params = new URLSearchParams()
  if (roundId) params.set('roundId', roundId)
  if (search) params.set('search', search)
  params.set('page', String(page))
  params.set('limit', String(limit))
  return `/api/submissions?${params}`
}

export function getSubmissions(filters: SubmissionFilters): Promise<StaffSubmissionList> {
  return apiRequest<StaffSubmissionList>('GET', submissionsUrl(filters))
}

export function submissionsQueryOptions(filters: SubmissionFilters) {
  return queryOptions({
    queryKey: staffSubmissionKeys.list(filters),
    queryFn: () => getSubmissions(filters),
    // The current page stays on screen while the next page or a new filter loads.
    placeholderData: keepPreviousData,
  })
}

export function useSubmissions(filters: SubmissionFilters) {
  return useQuery(submissionsQueryOptions(filters))
}
