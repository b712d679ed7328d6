import type { StoredFile } from '@hackathon/contract'
import { useMutation } from '@tanstack/react-query'

import { throwIfResNotOk } from '@/lib/api'

/**
 * Stores a requirement's template file; the round then refers to it by id. Multipart, so not
 * through apiRequest: the browser sets the content type with its boundary, which the server's
 * CSRF guard accepts like JSON.
 */
export async function uploadTemplate(file: File): Promise<StoredFile> {
  const body = new FormData()
  body.append('file', file)
  const res = await fetch('/api/files', { method: 'POST', credentials: 'include', body })
  await throwIfResNotOk(res)
  return (await res.json()) as StoredFile
}

/**
 * The form calls mutateAsync once per chosen file and keeps each row's state itself, since rows
 * upload at the same time. Nothing is invalidated: a stored file belongs to no round until the
 * round is saved.
 */
export function useUploadTemplate() {
  return useMutation({ mutationFn: uploadTemplate })
}
