import type { StaffList } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { staffKeys } from './keys'

export function getStaff(): Promise<StaffList> {
  return apiRequest<StaffList>('GET', '/api/staff')
}

export function staffQueryOptions() {
  return queryOptions({ queryKey: staffKeys.list(), queryFn: getStaff })
}

export function useStaff() {
  return useQuery(staffQueryOptions())
}
