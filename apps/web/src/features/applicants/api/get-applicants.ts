import type { ApplicantList } from '@hackathon/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { applicantKeys, type ApplicantFilters } from './keys'

export function applicantsUrl({ search, status, page, limit }: ApplicantFilters): string {
  const params = new URLSearchParams()
  if (search) params.set('search', search)
  if (status !== 'all') params.set('status', status)
  params.set('page', String(page))
  params.set('limit', String(limit))
  return `/api/applicants?${params}`
}

export function getApplicants(filters: ApplicantFilters): Promise<ApplicantList> {
  return apiRequest<ApplicantList>('GET', applicantsUrl(filters))
}

export function applicantsQueryOptions(filters: ApplicantFilters) {
  return queryOptions({
    queryKey: applicantKeys.list(filters),
    queryFn: () => getApplicants(filters),
    // The current page stays on screen while the next page or a new search loads.
    placeholderData: keepPreviousData,
  })
}

export function useApplicants(filters: ApplicantFilters) {
  return useQuery(applicantsQueryOptions(filters))
}
