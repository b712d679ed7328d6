import type { roundList } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { reviewKeys } from './keys'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type RoundList = ReturnType<typeof roundList.parse>

/** GET /api/rounds: the same call and key as the rounds page, so they share one cached list. */
export function getRounds(): Promise<RoundList> {
  return apiRequest<RoundList>('GET', '/api/rounds')
}

export function roundsQueryOptions() {
  return queryOptions({ queryKey: reviewKeys.rounds(), queryFn: getRounds })
}

export function useRounds() {
  return useQuery(roundsQueryOptions())
}
