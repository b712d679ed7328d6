import type { applicantSubmissions } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { bearerRequest } from '@/lib/applicant-session'

import { applicantPortalKeys } from './keys'

export type MySubmissions = ReturnType<typeof applicantSubmissions.parse>

export function getMySubmissions(): Promise<MySubmissions> {
  return bearerRequest<MySubmissions>('GET', '/api/applicant/my-submissions')
}

export function mySubmissionsQueryOptions() {
  return queryOptions({ queryKey: applicantPortalKeys.submissions(), queryFn: getMySubmissions })
}

export function useMySubmissions() {
  return useQuery(mySubmissionsQueryOptions())
}
