import { APPLICANT_MESSAGES, type selectApplicantResponse } from '@hackathon/contract'

import type { QueryKey } from '@tanstack/react-query'

import { toast } from '@/components/ui/use-toast'

import { apiRequest } from './api'
import { errorMessage } from './error-message'
import { staleQueryKeys } from './stale-queries'

/** The contract exports the schema but no type for it; its parse result is that type. */
export type SelectApplicantResponse = ReturnType<typeof selectApplicantResponse.parse>

/**
 * POST /api/applicants/{id}/select (docs/product/applicants.md#selection), shared by the applicant
 * table and a round's ranking: it advances the applicant from the round they submitted to, or from
 * `roundId` when the caller knows the round (a round's ranking), and the server then sends the
 * email. Refused with 409 unless the applicant's record in that round is a submission
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
 * status, a deletion): the applicant, the activity feed and, for a deletion, their submissions, so
 * every applicant list and the figures the dashboards count from the pipeline
 * (docs/product/pipeline.md#figures), as the contract's live topics say ('/api/rounds' also
 * prefixes each round's ranking). Besides: the jury's submissions list, which shows the status and
 * which no live topic refreshes.
 */
export const REFRESHED_BY_SELECTION: readonly QueryKey[] = [
  ...staleQueryKeys(['applicants', 'activity', 'submissions']),
  ['/api/submissions'],
]

/** The select success toast (docs/product/texts.md#notices). */
export function reportSelected(): void {
  toast({ title: 'Success', description: APPLICANT_MESSAGES.selected })
}

/**
 * A failed select is an 'Error' toast with the server's message (docs/product/texts.md#notices).
 */
export function reportSelectFailed(err: unknown): void {
  toast({
    variant: 'destructive',
    title: 'Error',
    description: errorMessage(err, 'Failed to select applicant'),
  })
}
