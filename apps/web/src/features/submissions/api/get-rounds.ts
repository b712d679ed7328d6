import type { roundList } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { staffSubmissionKeys } from './keys'

export type RoundList = ReturnType<typeof roundList.parse>

/** The rounds, for the jury's round filter. */
export function getRounds(): Promise<RoundList> {
  return apiRequest<RoundList>('GET', '/api/rounds')
}

export function roundsQueryOptions() {
  return queryOptions({ queryKey: staffSubmissionKeys.rounds(), queryFn: getRounds })
}

export function useRounds() {
  return useQuery(roundsQueryOptions())
}
