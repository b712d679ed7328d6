import type { applicantRounds } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { bearerRequest } from '@/lib/applicant-session'

import { applicantPortalKeys } from './keys'

export type ApplicantRounds = ReturnType<typeof applicantRounds.parse>

/** Every stage in order with what it asks for now; the submissions feature shares the key. */
export function getApplicantRounds(): Promise<ApplicantRounds> {
  return bearerRequest<ApplicantRounds>('GET', '/api/applicant/rounds')
}

export function applicantRoundsQueryOptions() {
  return queryOptions({ queryKey: applicantPortalKeys.rounds(), queryFn: getApplicantRounds })
}

export function useApplicantRounds() {
  return useQuery(applicantRoundsQueryOptions())
}
