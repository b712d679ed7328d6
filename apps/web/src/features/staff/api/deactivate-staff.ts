import type { StaffMember } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { staffKeys } from './keys'

/** Refused with 409 for the last active admin, so nobody is locked out. */
export function deactivateStaff(id: string): Promise<StaffMember> {
  return apiRequest<StaffMember>('POST', `/api/staff/${encodeURIComponent(id)}/deactivate`)
}

export function useDeactivateStaff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deactivateStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  })
}
