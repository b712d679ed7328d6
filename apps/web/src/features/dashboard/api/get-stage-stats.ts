import type { StageStats } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { dashboardKeys } from './keys'

export function getStageStats(): Promise<StageStats> {
  return apiRequest<StageStats>('GET', '/api/stage-stats')
}

export function stageStatsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.stageStats(), queryFn: getStageStats })
}

export function useStageStats() {
  return useQuery(stageStatsQueryOptions())
}
