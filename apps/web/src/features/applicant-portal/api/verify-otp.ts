import type { VerifyOtpInput, VerifyOtpResponse } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'
import { saveApplicantSession } from '@/lib/applicant-session'

import { applicantPortalKeys } from './keys'

/** Refused with 401 for a wrong, used or expired code. */
export function verifyOtp(input: VerifyOtpInput): Promise<VerifyOtpResponse> {
  return apiRequest<VerifyOtpResponse>('POST', '/api/applicant/verify-otp', input)
}

/**
 * Stores the new session. Applicant data never goes stale on its own
 * (docs/product/api.md#how-the-web-app-calls), so whatever an earlier session on this browser
 * loaded is dropped first: a shared computer must not show the next applicant someone else's
 * dashboard.
 */
export function useVerifyOtp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: (session) => {
      queryClient.removeQueries({ queryKey: applicantPortalKeys.all })
      saveApplicantSession(session)
    },
  })
}
