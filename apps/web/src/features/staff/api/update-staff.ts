import type { StaffMember, staffProfileRequest } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { staffKeys } from './keys'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type StaffProfileRequest = ReturnType<typeof staffProfileRequest.parse>

/** PATCH /api/staff/{id} (admin): a jury member's affiliation; null clears it. */
export function updateStaff(id: string, request: StaffProfileRequest): Promise<StaffMember> {
  return apiRequest<StaffMember>('PATCH', `/api/staff/${encodeURIComponent(id)}`, request)
}

export function useUpdateStaff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...request }: StaffProfileRequest & { id: string }) =>
      updateStaff(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  })
}
