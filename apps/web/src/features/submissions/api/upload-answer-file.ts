import type { AnswerFile } from '@hackathon/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { clearApplicantSession, readApplicantSession } from '@/lib/applicant-session'
import { UploadError, uploadWithProgress } from '@/lib/upload-with-progress'

import { stageSubmissionKeys } from './keys'

export interface UploadAnswerFileInput {
  requirementId: string
  file: File
  /** The share of the file sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

/**
 * POST /api/applicant/answer-files?requirementId= (bearer, multipart field "file"): uploads a
 * file answering one requirement before the submission names it
 * (docs/product/submissions.md#answers). Refused with 400 for a type the requirement does not
 * take, 413 over its size limit, 403 when the stage is not open to the applicant. A 401 ends the
 * session, as every bearer call does.
 */
export async function uploadAnswerFile({
  requirementId,
  file,
  onProgress,
  signal,
}: UploadAnswerFileInput): Promise<AnswerFile> {
  const token = readApplicantSession()?.token
  if (!token) {
    clearApplicantSession()
    throw new UploadError(401, JSON.stringify({ message: 'Please sign in again.' }), null)
  }
  const form = new FormData()
  form.append('file', file)
  try {
    const { body } = await uploadWithProgress(
      `/api/applicant/answer-files?requirementId=${encodeURIComponent(requirementId)}`,
      form,
      { onProgress, signal, headers: { Authorization: `Bearer ${token}` } },
    )
    return body as AnswerFile
  } catch (err) {
    // Only the session this upload was made with is over (see bearerRequest).
    if (
      err instanceof UploadError &&
      err.status === 401 &&
      readApplicantSession()?.token === token
    ) {
      clearApplicantSession()
    }
    throw err
  }
}

/** A refusal because the stage closed meanwhile reads the rounds again, so the page says why. */
export function useUploadAnswerFile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadAnswerFile,
    onError: (err) => {
      if (err instanceof UploadError && err.status === 403) {
        void queryClient.invalidateQueries({ queryKey: stageSubmissionKeys.rounds() })
      }
    },
  })
}
