import { useMutation, useQueryClient } from '@tanstack/react-query'

import { invalidateTopics } from '@/lib/stale-queries'
import { UploadError, uploadWithProgress } from '@/lib/upload-with-progress'

import { UPLOAD_KINDS, type UploadKind, type UploadResult } from '../upload-kinds'
import { UPLOAD_TOPICS } from './keys'

export interface UploadSheetInput {
  kind: UploadKind
  file: File
  /** true: the server reports what would change and changes nothing. */
  dryRun: boolean
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

/** POSTs the sheet as the multipart field `file`; a check adds `?dryRun=true`. */
export async function uploadSheet({
  kind,
  file,
  dryRun,
  onProgress,
  signal,
}: UploadSheetInput): Promise<UploadResult> {
  const form = new FormData()
  form.append('file', file)
  const { uploadUrl } = UPLOAD_KINDS[kind]
  const url = dryRun ? `${uploadUrl}?dryRun=true` : uploadUrl
  const { body } = await uploadWithProgress(url, form, { onProgress, signal })
  return { kind, report: body } as UploadResult
}

/**
 * The report a refused upload carries: a sheet with row errors is answered 422 with the same
 * report as a check, so the dialog can list what to fix. Null for any other failure.
 */
export function rejectedReport(kind: UploadKind, err: unknown): UploadResult | null {
  if (!(err instanceof UploadError) || err.status !== 422) return null
  const body = err.body
  if (
    typeof body !== 'object' ||
    body === null ||
    !('errors' in body && Array.isArray(body.errors)) ||
    !('changes' in body && Array.isArray(body.changes)) ||
    !('errorCount' in body && typeof body.errorCount === 'number')
  )
    return null
  return { kind, report: body } as UploadResult
}

/**
 * A sheet that was applied changes applicants and rounds; their lists and the dashboard counts
 * are refreshed. Not awaited: the dialog closes on the server's answer, not on the refetch.
 */
export function useUploadSheet() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadSheet,
    onSuccess: (_result, { dryRun }) => {
      if (dryRun) return
      void invalidateTopics(queryClient, UPLOAD_TOPICS)
    },
  })
}
