import type { StaffMember } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { staffKeys } from './keys'

export function activateStaff(id: string): Promise<StaffMember> {
  return apiRequest<StaffMember>('POST', `/api/staff/${encodeURIComponent(id)}/activate`)
}

export function useActivateStaff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: activateStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  })
}
