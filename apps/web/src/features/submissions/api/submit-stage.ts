import type { SubmitStageInput } from '@hackathon/contract'
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'

import { bearerRequest } from '@/lib/applicant-session'
import { apiErrorStatus } from '@/lib/error-message'

import { stageSubmissionKeys } from './keys'

/** Only the message is read: it says whether the submission was received or updated. */
export interface SubmitStageResponse {
  message: string
}

/**
 * Submits, or resubmits (the server then updates the existing submission and keeps the old
 * one as a version). Refused with 403 for an expired, inactive or locked stage, 404 for an
 * unknown one, 400 for invalid input.
 */
export function submitStage(input: SubmitStageInput): Promise<SubmitStageResponse> {
  return bearerRequest<SubmitStageResponse>('POST', '/api/applicant/submit-stage', input)
}

/**
 * The callbacks belong to the mutation, not to one `mutate` call, so the outcome is still
 * announced if the applicant leaves the page while the request is on its way.
 */
export function useSubmitStage(
  options: Pick<
    UseMutationOptions<SubmitStageResponse, Error, SubmitStageInput>,
    'onSuccess' | 'onError'
  > = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitStage,
    ...options,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args)
      // A first submission also moves the applicant's status and progress on the dashboard.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stageSubmissionKeys.mySubmissions() }),
        queryClient.invalidateQueries({ queryKey: stageSubmissionKeys.dashboard() }),
      ])
    },
    onError: async (...args) => {
      await options.onError?.(...args)
      // The stage may have closed, or the applicant's standing changed, since the page loaded:
      // reading the rounds again makes the page show why it was refused.
      if (apiErrorStatus(args[0]) === 403) {
        await queryClient.invalidateQueries({ queryKey: stageSubmissionKeys.rounds() })
      }
    },
  })
}
