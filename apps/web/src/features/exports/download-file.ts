import { EXPORT_ROWS_HEADER } from '@hackathon/contract'

import { throwIfResNotOk } from '@/lib/api'
import { saveResponse } from '@/lib/download'

export interface ExportResult {
  /** The name the file was saved under; null when nothing was saved (no row matched). */
  fileName: string | null
  /** How many rows the server says the file holds; null from a server that does not say. */
  rows: number | null
}

/**
 * POSTs `body` as JSON and saves the file the server answers with
 * (docs/product/exports-and-uploads.md#exports). Fetched rather than submitted as a form so that a
 * failure can be told in a toast while the dialog keeps its filters. A file of no rows is not
 * saved: the page says none matched (issue 22).
 */
export async function downloadExport(
  url: string,
  body: unknown,
  fallbackName: string,
): Promise<ExportResult> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  await throwIfResNotOk(res)
  const header = res.headers.get(EXPORT_ROWS_HEADER)
  const rows = header !== null && /^\d+$/.test(header) ? Number(header) : null
  if (rows === 0) return { fileName: null, rows }
  return { fileName: await saveResponse(res, fallbackName), rows }
}
