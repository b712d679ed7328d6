import { useMutation, useQueryClient } from '@tanstack/react-query'

import { selectApplicant } from '@/lib/select-applicant'

import { invalidateApplicants } from './invalidate-applicants'

export function useSelectApplicant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: selectApplicant,
    onSuccess: () => invalidateApplicants(queryClient),
  })
}
