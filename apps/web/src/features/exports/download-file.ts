import { saveResponse } from '@/lib/download'

/**
 * POSTs `body` as JSON and saves the file the server answers with (SPEC.md section 7). Fetched
 * rather than submitted as a form so that a failure can be told in a toast while the dialog
 * keeps its filters. Resolves to the name the file was saved under.
 */
export async function downloadExport(
  url: string,
  body: unknown,
  fallbackName: string,
): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return saveResponse(res, fallbackName)
}
