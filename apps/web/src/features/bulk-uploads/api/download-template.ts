import { useMutation } from '@tanstack/react-query'

import { saveResponse } from '@/lib/download'

import { UPLOAD_KINDS, type UploadKind } from '../upload-kinds'

/**
 * Fetched rather than linked so that a failure is told in a toast ('Download Failed',
 * docs/product/exports-and-uploads.md#templates) while the dialog stays open. Resolves to the saved
 * file's name.
 */
export async function downloadUploadTemplate(kind: UploadKind): Promise<string> {
  const { templateUrl, templateFallbackName } = UPLOAD_KINDS[kind]
  const res = await fetch(templateUrl, { credentials: 'include' })
  return saveResponse(res, templateFallbackName)
}

export function useDownloadUploadTemplate() {
  return useMutation({ mutationFn: downloadUploadTemplate })
}
