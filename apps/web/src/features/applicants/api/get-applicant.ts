import type { Applicant } from '@hackathon/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { applicantKeys } from './keys'
import { invalidateApplicants } from './invalidate-applicants'

/** GET /api/applicants/{id} (staff): the applicant as stored now, with the version an edit sends. */
export function getApplicant(id: string): Promise<Applicant> {
  return apiRequest<Applicant>('GET', `/api/applicants/${encodeURIComponent(id)}`)
}

export function applicantQueryOptions(id: string) {
  return queryOptions({
    queryKey: applicantKeys.detail(id),
    queryFn: () => getApplicant(id),
    // Asked for when an edit form must start again from what is stored: never from the cache.
    staleTime: 0,
  })
}

/**
 * Reads the applicant again after someone else changed them (the edit form's 409), and refreshes
 * the lists, which show the old values too.
 */
export function useReloadApplicant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => queryClient.fetchQuery(applicantQueryOptions(id)),
    onSuccess: () => invalidateApplicants(queryClient),
  })
}
