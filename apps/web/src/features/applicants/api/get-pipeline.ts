import type { ApplicantPipeline } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { applicantKeys } from './keys'

/** GET /api/applicants/{id}/pipeline (staff): the applicant's record per round, and its history. */
export function getApplicantPipeline(id: string): Promise<ApplicantPipeline> {
  return apiRequest<ApplicantPipeline>('GET', `/api/applicants/${encodeURIComponent(id)}/pipeline`)
}

export function applicantPipelineQueryOptions(id: string) {
  return queryOptions({
    queryKey: applicantKeys.pipeline(id),
    queryFn: () => getApplicantPipeline(id),
  })
}

export function useApplicantPipeline(id: string) {
  return useQuery(applicantPipelineQueryOptions(id))
}
