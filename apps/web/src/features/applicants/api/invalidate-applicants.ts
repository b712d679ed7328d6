import type { QueryClient } from '@tanstack/react-query'

import { applicantCountKeys, applicantKeys } from './keys'

/**
 * Refreshes every list of applicants and the dashboard counts built from them. Returned so a
 * mutation stays pending until the lists are fresh, and its dialog closes on the new data.
 */
export function invalidateApplicants(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [applicantKeys.all, ...applicantCountKeys].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )
}
