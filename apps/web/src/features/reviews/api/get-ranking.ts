import type { Ranking } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { reviewKeys, roundPath } from './keys'

/** GET /api/rounds/{id}/ranking (admin): entries in rank order, and how they were ranked. */
export function getRanking(roundId: string): Promise<Ranking> {
  return apiRequest<Ranking>('GET', `${roundPath(roundId)}/ranking`)
}

export function rankingQueryOptions(roundId: string) {
  return queryOptions({ queryKey: reviewKeys.ranking(roundId), queryFn: () => getRanking(roundId) })
}

export function useRanking(roundId: string) {
  return useQuery(rankingQueryOptions(roundId))
}
