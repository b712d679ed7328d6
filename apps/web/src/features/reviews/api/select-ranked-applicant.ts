import { useMutation, useQueryClient } from '@tanstack/react-query'

import { REFRESHED_BY_SELECTION, selectApplicant } from '@/lib/select-applicant'

import { reviewKeys } from './keys'

/** The existing Select (SPEC.md section 7) from a round's ranking, which then shows the new status. */
export function useSelectRankedApplicant(roundId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: selectApplicant,
    // Awaited: the button says 'Selecting...' until the ranking shows the new status.
    onSuccess: () =>
      Promise.all(
        [reviewKeys.ranking(roundId), ...REFRESHED_BY_SELECTION].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  })
}
