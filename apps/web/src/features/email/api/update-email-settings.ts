import type { EmailSettingsInput, MessageResponse } from '@hackathon/contract'
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { emailKeys } from './keys'

/** An empty `emailPass` keeps the stored password. */
export function updateEmailSettings(input: EmailSettingsInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/admin/email-settings', input)
}

/**
 * The callbacks belong to the mutation, not to one `mutate` call, so the outcome is still announced
 * if the admin leaves the page while the save is on its way. Success waits for the settings to be
 * reloaded (docs/product/email.md#settings), so the form shows what the server stored.
 */
export function useUpdateEmailSettings(
  options: Pick<
    UseMutationOptions<MessageResponse, Error, EmailSettingsInput>,
    'onSuccess' | 'onError'
  > = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateEmailSettings,
    ...options,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: emailKeys.settings() })
      await options.onSuccess?.(...args)
    },
  })
}
