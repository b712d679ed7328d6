import { throwIfResNotOk } from './api'

/**
 * The name in a Content-Disposition header: the UTF-8 `filename*` first, then `filename`.
 */
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

/** Hands the browser a fetched file to save under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const objectUrl = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = objectUrl
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Released on the next task: the click has handed the file to the browser by then.
    setTimeout(() => URL.revokeObjectURL(objectUrl))
  }
}

/**
 * Saves the file a fetch answered with, under the name its Content-Disposition gives or
 * `fallbackName`; a non-OK answer raises the usual `STATUS: body` error instead
 * (docs/product/api.md#how-the-web-app-calls). Resolves to the name the file was saved under.
 */
export async function saveResponse(res: Response, fallbackName: string): Promise<string> {
  await throwIfResNotOk(res)
  const blob = await res.blob()
  const name = fileNameFrom(res.headers.get('content-disposition')) ?? fallbackName
  saveBlob(blob, name)
  return name
}
