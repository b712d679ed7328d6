import { useMutation } from '@tanstack/react-query'

import { throwIfResNotOk } from '@/lib/api'

export interface TemplateFile {
  url: string
  /** Used when the answer names no file. */
  fallbackName: string
}

/** The name in a Content-Disposition header: the UTF-8 `filename*` first, then `filename`. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      // A malformed escape: the plain name below still works.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition)
  const name = (plain?.[1] ?? plain?.[2])?.trim()
  return name || null
}

/**
 * Fetched rather than linked so that a failure can be told to the applicant (SPEC.md section 8,
 * 'Download Failed') instead of leaving them on a browser error page. Templates are public.
 */
export async function downloadTemplate({ url, fallbackName }: TemplateFile): Promise<void> {
  const res = await fetch(url)
  await throwIfResNotOk(res)
  const blob = await res.blob()
  const objectUrl = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = objectUrl
    link.download = fileNameFrom(res.headers.get('content-disposition')) ?? fallbackName
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Released on the next task: the click has handed the file to the browser by then.
    setTimeout(() => URL.revokeObjectURL(objectUrl))
  }
}

export function useDownloadTemplate(options: { onError: (err: Error) => void }) {
  return useMutation({ mutationFn: downloadTemplate, onError: options.onError })
}
