import type { StageDocument } from '@hackathon/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { bearerRequest } from '@/lib/applicant-session'

import { stageSubmissionKeys } from './keys'

export interface StageDocuments {
  documents: StageDocument[]
}

/** Refused with 404 for a stage that does not exist. */
export function getStageDocuments(stageId: string): Promise<StageDocuments> {
  return bearerRequest<StageDocuments>(
    'GET',
    `/api/applicant/documents/${encodeURIComponent(stageId)}`,
  )
}

export function stageDocumentsQueryOptions(stageId: string) {
  return queryOptions({
    queryKey: stageSubmissionKeys.documents(stageId),
    queryFn: () => getStageDocuments(stageId),
  })
}

/** `enabled`: false until the stage is known to exist, so an unknown id asks nothing more. */
export function useStageDocuments(stageId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...stageDocumentsQueryOptions(stageId), enabled })
}
