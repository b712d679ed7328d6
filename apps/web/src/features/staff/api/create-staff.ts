import type { CreateStaffInput, StaffWithPassword } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { staffKeys } from './keys'

/** Without a password the server generates one and returns it in this answer only. */
export function createStaff(input: CreateStaffInput): Promise<StaffWithPassword> {
  return apiRequest<StaffWithPassword>('POST', '/api/staff', input)
}

export function useCreateStaff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  })
}
