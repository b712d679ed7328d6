import type { StaffWithPassword } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { staffKeys } from './keys'

/** The answer carries the new temporary password, which the server keeps only as a hash. */
export function resetStaffPassword(id: string): Promise<StaffWithPassword> {
  return apiRequest<StaffWithPassword>(
    'POST',
    `/api/staff/${encodeURIComponent(id)}/reset-password`,
  )
}

export function useResetStaffPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetStaffPassword,
    // The account may have been single sign-on only until now: its sign-in column changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  })
}
