import type { DashboardCharts } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { dashboardKeys } from './keys'

export function getDashboardCharts(): Promise<DashboardCharts> {
  return apiRequest<DashboardCharts>('GET', '/api/dashboard-charts')
}

export function dashboardChartsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.charts(), queryFn: getDashboardCharts })
}

export function useDashboardCharts() {
  return useQuery(dashboardChartsQueryOptions())
}
