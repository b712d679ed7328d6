import type { roundList } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { dashboardKeys } from './keys'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type RoundList = ReturnType<typeof roundList.parse>

export function getRounds(): Promise<RoundList> {
  return apiRequest<RoundList>('GET', '/api/rounds')
}

export function roundsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.rounds(), queryFn: getRounds })
}

export function useRounds() {
  return useQuery(roundsQueryOptions())
}
