import type { ActivityItem } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { dashboardKeys } from './keys'

/** The latest items, newest first (the server keeps RECENT_ACTIVITY_LIMIT of them). */
export function getRecentActivity(): Promise<ActivityItem[]> {
  return apiRequest<ActivityItem[]>('GET', '/api/recent-activity')
}

export function recentActivityQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.recentActivity(), queryFn: getRecentActivity })
}

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions())
}
