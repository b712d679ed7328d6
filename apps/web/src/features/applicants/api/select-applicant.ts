import { useMutation, useQueryClient } from '@tanstack/react-query'

import { selectApplicant } from '@/lib/select-applicant'

import { invalidateApplicants } from './invalidate-applicants'

/** Select from the table: the server advances the applicant from the round they submitted to. */
export function useSelectApplicant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => selectApplicant(id),
    onSuccess: () => invalidateApplicants(queryClient),
  })
}
