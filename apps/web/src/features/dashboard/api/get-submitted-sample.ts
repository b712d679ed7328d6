import type { ApplicantList } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { dashboardKeys, SUBMITTED_SAMPLE } from './keys'

/** SPEC.md section 7: GET /api/applicants with status=submitted and limit 50, for the jury counts. */
export const SUBMITTED_SAMPLE_URL = `/api/applicants?${new URLSearchParams({
  status: SUBMITTED_SAMPLE.status,
  page: String(SUBMITTED_SAMPLE.page),
  limit: String(SUBMITTED_SAMPLE.limit),
})}`

export function getSubmittedSample(): Promise<ApplicantList> {
  return apiRequest<ApplicantList>('GET', SUBMITTED_SAMPLE_URL)
}

export function submittedSampleQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.submittedSample(), queryFn: getSubmittedSample })
}

export function useSubmittedSample() {
  return useQuery(submittedSampleQueryOptions())
}
