import type { QueryClient } from '@tanstack/react-query'

import { REFRESHED_BY_SELECTION } from '@/lib/select-applicant'

/**
 * Refreshes every list of applicants (and each one's pipeline, under the same prefix) and the
 * figures counted from them: an added, edited, selected or deleted applicant changes the
 * pipeline they are counted from (docs/product/pipeline.md#figures). Returned so a mutation
 * stays pending until the lists are fresh, and its dialog closes on the new data.
 */
export function invalidateApplicants(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    REFRESHED_BY_SELECTION.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )
}
