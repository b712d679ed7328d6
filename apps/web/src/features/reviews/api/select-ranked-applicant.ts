import { useMutation, useQueryClient } from '@tanstack/react-query'

import { REFRESHED_BY_SELECTION, selectApplicant } from '@/lib/select-applicant'

import { reviewKeys } from './keys'

/**
 * Select from a round's ranking: it names this round, so the applicant advances from it whatever
 * their latest round is (docs/product/pipeline.md). The ranking then shows the new status.
 */
export function useSelectRankedApplicant(roundId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (applicantId: string) => selectApplicant(applicantId, roundId),
    // Awaited: the button says 'Selecting...' until the ranking shows the new status.
    onSuccess: () =>
      Promise.all(
        [reviewKeys.ranking(roundId), ...REFRESHED_BY_SELECTION].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  })
}
