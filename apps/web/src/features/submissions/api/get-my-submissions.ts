import type { ApplicantSubmission } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { bearerRequest } from '@/lib/applicant-session'

import { stageSubmissionKeys } from './keys'

export interface MySubmissions {
  submissions: ApplicantSubmission[]
}

export function getMySubmissions(): Promise<MySubmissions> {
  return bearerRequest<MySubmissions>('GET', '/api/applicant/my-submissions')
}

export function mySubmissionsQueryOptions() {
  return queryOptions({
    queryKey: stageSubmissionKeys.mySubmissions(),
    queryFn: getMySubmissions,
  })
}

export function useMySubmissions() {
  return useQuery(mySubmissionsQueryOptions())
}
