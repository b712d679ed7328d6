import type { MessageResponse } from '@hackathon/contract'
import { useMutation, type UseMutationOptions } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

/**
 * The server signs in to the saved SMTP server and sends a message to the signed-in admin,
 * outside the delivery log, so nothing needs refreshing afterwards. A refusal (wrong password,
 * unknown host, TLS, timeout) comes back as a 400 with a sentence to show.
 */
export function sendTestEmail(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/admin/test-email', {})
}

export function useSendTestEmail(
  options: Pick<UseMutationOptions<MessageResponse, Error, void>, 'onSuccess' | 'onError'> = {},
) {
  return useMutation({ mutationFn: sendTestEmail, ...options })
}
