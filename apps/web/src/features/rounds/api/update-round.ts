import type { Round, RoundInput } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { roundKeys } from './keys'

export interface UpdateRoundVariables {
  id: string
  input: RoundInput
}

export function updateRound({ id, input }: UpdateRoundVariables): Promise<Round> {
  return apiRequest<Round>('PUT', `/api/rounds/${encodeURIComponent(id)}`, input)
}

export function useUpdateRound() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundKeys.all }),
  })
}
