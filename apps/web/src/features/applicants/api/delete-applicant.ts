import type { MessageResponse } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { invalidateApplicants } from './invalidate-applicants'

export function deleteApplicant(id: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('DELETE', `/api/applicants/${encodeURIComponent(id)}`)
}

export function useDeleteApplicant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteApplicant,
    onSuccess: () => invalidateApplicants(queryClient),
  })
}
