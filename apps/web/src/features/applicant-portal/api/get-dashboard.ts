import type { ApplicantDashboard } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { bearerRequest } from '@/lib/applicant-session'

import { applicantPortalKeys } from './keys'

export function getApplicantDashboard(): Promise<ApplicantDashboard> {
  return bearerRequest<ApplicantDashboard>('GET', '/api/applicant/dashboard')
}

export function applicantDashboardQueryOptions() {
  return queryOptions({ queryKey: applicantPortalKeys.dashboard(), queryFn: getApplicantDashboard })
}

export function useApplicantDashboard() {
  return useQuery(applicantDashboardQueryOptions())
}
