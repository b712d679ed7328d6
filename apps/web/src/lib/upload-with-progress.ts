/** What the server answered an upload: its status and its body, parsed when it is JSON. */
export interface UploadAnswer {
  status: number
  body: unknown
}

/**
 * A non-OK answer to an upload. The text is `STATUS: body`
 * (docs/product/api.md#how-the-web-app-calls), so errorMessage and handleUnauthorized read it like
 * any other API error; the parsed body stays at hand for an answer that carries more than a message
 * (a rejected sheet's row errors).
 */
export class UploadError extends Error {
  readonly status: number
  readonly body: unknown

  constructor(status: number, text: string, body: unknown) {
    super(`${status}: ${text}`)
    this.name = 'UploadError'
    this.status = status
    this.body = body
  }
}

export interface UploadOptions {
  /** Called with the share of the request body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
  /** Extra request headers, e.g. an applicant's `Authorization: Bearer` (never Content-Type). */
  headers?: Readonly<Record<string, string>>
}

function parseBody(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * POSTs a multipart form and reports how much of it has been sent. XMLHttpRequest rather than
 * fetch, which cannot tell upload progress. The content type is left to the browser, which adds
 * the multipart boundary; the server's CSRF guard accepts multipart like JSON. Rejects with an
 * UploadError for a non-OK answer, a TypeError when no answer came (as fetch does) and an
 * AbortError when `signal` aborts.
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  { onProgress, signal, headers = {} }: UploadOptions = {},
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.responseType = 'text'
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)

    const onAbortSignal = () => xhr.abort()
    signal?.addEventListener('abort', onAbortSignal, { once: true })
    const settle = () => signal?.removeEventListener('abort', onAbortSignal)

    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
      }
      // Sent in full: what remains is the server's work.
      xhr.upload.onload = () => onProgress(1)
    }
    xhr.onload = () => {
      settle()
      const text = xhr.responseText
      const body = parseBody(text)
      if (xhr.status >= 200 && xhr.status < 300) resolve({ status: xhr.status, body })
      else reject(new UploadError(xhr.status, text || xhr.statusText, body))
    }
    xhr.onerror = () => {
      settle()
      reject(new TypeError('The upload could not reach the server.'))
    }
    xhr.onabort = () => {
      settle()
      reject(new DOMException('The upload was aborted.', 'AbortError'))
    }
    xhr.send(form)
  })
}

/** True for the rejection of an upload that was aborted on purpose: nothing to tell the user. */
export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError'
}
