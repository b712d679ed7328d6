import type { ApplicantRound } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { bearerRequest } from '@/lib/applicant-session'

import { stageSubmissionKeys } from './keys'

export interface ApplicantRounds {
  rounds: ApplicantRound[]
}

/** Every stage with its status, times and whether it is locked for this applicant. */
export function getApplicantRounds(): Promise<ApplicantRounds> {
  return bearerRequest<ApplicantRounds>('GET', '/api/applicant/rounds')
}

export function applicantRoundsQueryOptions() {
  return queryOptions({ queryKey: stageSubmissionKeys.rounds(), queryFn: getApplicantRounds })
}

export function useApplicantRounds() {
  return useQuery(applicantRoundsQueryOptions())
}
