import { APPLICANT_MESSAGES, type selectApplicantResponse } from '@hackathon/contract'

import { toast } from '@/components/ui/use-toast'

import { apiRequest } from './api'
import { errorMessage } from './error-message'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type SelectApplicantResponse = ReturnType<typeof selectApplicantResponse.parse>

/**
 * POST /api/applicants/{id}/select (SPEC.md section 7), shared by the applicant table and a
 * round's ranking: refused with 409 unless the applicant's status is submitted; the server then
 * sends the email. Each caller refreshes its own lists.
 */
export function selectApplicant(id: string): Promise<SelectApplicantResponse> {
  return apiRequest<SelectApplicantResponse>(
    'POST',
    `/api/applicants/${encodeURIComponent(id)}/select`,
  )
}

/**
 * What a selection changes beyond the caller's own list: every applicant list and the dashboard
 * counts built from them. Spelled as GET paths, since lib/ may not know the features' key factories.
 */
export const REFRESHED_BY_SELECTION = [
  ['/api/applicants'],
  ['/api/stage-stats'],
  ['/api/recent-activity'],
] as const

/** SPEC.md section 8: the select success toast. */
export function reportSelected(): void {
  toast({ title: 'Success', description: APPLICANT_MESSAGES.selected })
}

/** SPEC.md section 8: a failed select is an 'Error' toast with the server's message. */
export function reportSelectFailed(err: unknown): void {
  toast({
    variant: 'destructive',
    title: 'Error',
    description: errorMessage(err, 'Failed to select applicant'),
  })
}
