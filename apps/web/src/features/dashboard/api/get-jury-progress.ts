import type { JuryProgress } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { dashboardKeys } from './keys'

/** GET /api/jury-progress: the jury dashboard's cards, for the judge signed in. */
export function getJuryProgress(): Promise<JuryProgress> {
  return apiRequest<JuryProgress>('GET', '/api/jury-progress')
}

export function juryProgressQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.juryProgress(), queryFn: getJuryProgress })
}

export function useJuryProgress() {
  return useQuery(juryProgressQueryOptions())
}
