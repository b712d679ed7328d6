import { APPLICANT_MESSAGES, type selectApplicantResponse } from '@hackathon/contract'

import { toast } from '@/components/ui/use-toast'

import { apiRequest } from './api'
import { errorMessage } from './error-message'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type SelectApplicantResponse = ReturnType<typeof selectApplicantResponse.parse>

/**
 * POST /api/applicants/{id}/select (SPEC.md section 7), shared by the applicant table and a
 * round's ranking: it advances the applicant from the round they submitted to, or from `roundId`
 * when the caller knows the round (a round's ranking), and the server then sends the email.
 * Refused with 409 unless the applicant's record in that round is a submission
 * (docs/product/pipeline.md). Each caller refreshes what REFRESHED_BY_SELECTION lists.
 */
export function selectApplicant(id: string, roundId?: string): Promise<SelectApplicantResponse> {
  return apiRequest<SelectApplicantResponse>(
    'POST',
    `/api/applicants/${encodeURIComponent(id)}/select`,
    roundId ? { roundId } : undefined,
  )
}

/**
 * What any decision about an applicant changes (a selection, an admin's decision, an edit of the
 * status): every applicant list, the jury's submissions (which show the status), and the figures
 * the dashboards count from the pipeline, i.e. the stage stats, the rounds' participants and
 * colleges, the charts and the activity feed (docs/product/pipeline.md#figures). Spelled as GET
 * paths, since lib/ may not know the features' key factories; '/api/rounds' also prefixes each
 * round's ranking.
 */
export const REFRESHED_BY_SELECTION = [
  ['/api/applicants'],
  ['/api/submissions'],
  ['/api/stage-stats'],
  ['/api/rounds'],
  ['/api/dashboard-charts'],
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
