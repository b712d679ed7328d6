import { useMutation } from '@tanstack/react-query'

import { saveResponse } from '@/lib/download'

export interface TemplateFile {
  url: string
  /** Used when the answer names no file. */
  fallbackName: string
}

/**
 * Fetched rather than linked so that a failure can be told to the applicant ('Download Failed',
 * docs/product/texts.md#notices) instead of leaving them on a browser error page. Templates are
 * public.
 */
export async function downloadTemplate({ url, fallbackName }: TemplateFile): Promise<void> {
  await saveResponse(await fetch(url), fallbackName)
}

export function useDownloadTemplate(options: { onError: (err: Error) => void }) {
  return useMutation({ mutationFn: downloadTemplate, onError: options.onError })
}
