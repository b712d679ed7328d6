import type { MessageResponse } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api'

import { roundKeys } from './keys'

/** The 409 code of a round that still has submissions; only `force` deletes it (with them). */
export const HAS_SUBMISSIONS = 'HAS_SUBMISSIONS'

export interface DeleteRoundVariables {
  id: string
  /** Also deletes the round's submissions; sent only after the admin has confirmed that too. */
  force: boolean
}

export function deleteRound({ id, force }: DeleteRoundVariables): Promise<MessageResponse> {
  const query = force ? '?force=true' : ''
  return apiRequest<MessageResponse>('DELETE', `/api/rounds/${encodeURIComponent(id)}${query}`)
}

export function useDeleteRound() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundKeys.all }),
  })
}
