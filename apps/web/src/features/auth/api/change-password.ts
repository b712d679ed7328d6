import type { ChangePasswordInput, MessageResponse } from '@hackathon/contract'
import { useMutation, type UseMutationOptions } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/change-password', input)
}

/**
 * The callbacks belong to the mutation, not to one `mutate` call, so the outcome is still
 * announced if the dialog is closed while the change is on its way.
 */
export function useChangePassword(
  options: Pick<
    UseMutationOptions<MessageResponse, Error, ChangePasswordInput>,
    'onSuccess' | 'onError'
  > = {},
) {
  return useMutation({ mutationFn: changePassword, ...options })
}
