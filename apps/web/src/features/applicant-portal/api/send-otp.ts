import type { MessageResponse, SendOtpInput } from '@hackathon/contract'
import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

/**
 * The answer is the same whether or not the identifier belongs to anyone, so the page cannot
 * be used to find out who registered. A 429 says to wait (one code a minute, five an hour).
 */
export function sendOtp(input: SendOtpInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/applicant/send-otp', input)
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp })
}
