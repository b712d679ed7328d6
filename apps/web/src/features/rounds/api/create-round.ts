import type { Round, RoundInput } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { roundKeys } from './keys'

/** A new round is sent with currentParticipants "0"; the server counts (docs/product/api.md). */
export function createRound(input: RoundInput): Promise<Round> {
  return apiRequest<Round>('POST', '/api/rounds', { ...input, currentParticipants: '0' })
}

export function useCreateRound() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundKeys.all }),
  })
}
