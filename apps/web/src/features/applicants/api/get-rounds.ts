import type { roundList } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { applicantKeys } from './keys'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type RoundList = ReturnType<typeof roundList.parse>

/** The rounds in stage order, for the decision form's round choice. */
export function getRounds(): Promise<RoundList> {
  return apiRequest<RoundList>('GET', '/api/rounds')
}

export function roundsQueryOptions() {
  return queryOptions({ queryKey: applicantKeys.rounds(), queryFn: getRounds })
}

export function useRounds() {
  return useQuery(roundsQueryOptions())
}
