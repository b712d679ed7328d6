import { vi } from 'vitest'

type Listener<E = unknown> = ((event: E) => void) | null

/**
 * An XMLHttpRequest that reaches no network: a test reads what was sent and plays the
 * upload's progress and the server's answer, one step at a time.
 */
export class FakeXMLHttpRequest {
  method = ''
  url = ''
  withCredentials = false
  responseType = ''
  body: Document | XMLHttpRequestBodyInit | null = null
  readonly requestHeaders: Record<string, string> = {}
  status = 0
  statusText = ''
  responseText = ''
  aborted = false
  readonly upload: {
    onprogress: Listener<Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>>
    onload: Listener
  } = { onprogress: null, onload: null }
  onload: Listener = null
  onerror: Listener = null
  onabort: Listener = null

  constructor(private readonly sent: FakeXMLHttpRequest[]) {}

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }

  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name.toLowerCase()] = value
  }

  send(body: Document | XMLHttpRequestBodyInit | null = null) {
    this.body = body
    this.sent.push(this)
  }

  abort() {
    this.aborted = true
    this.onabort?.(undefined)
  }

  /** `loaded` of `total` bytes have gone up; all of them ends the upload. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total })
    if (loaded >= total) this.upload.onload?.(undefined)
  }

  /** The server answers: a body that is not a string is sent as JSON. */
  respond(status: number, body: unknown = '', statusText = '') {
    this.status = status
    this.statusText = statusText
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body)
    this.onload?.(undefined)
  }

  /** No answer at all: the network failed. */
  fail() {
    this.onerror?.(undefined)
  }

  /** The multipart form that was sent. */
  get form(): FormData {
    if (!(this.body instanceof FormData)) throw new Error('The request sent no FormData')
    return this.body
  }
}

/** Replaces XMLHttpRequest for the test; returns the requests sent, in order. */
export function stubXhr() {
  const sent: FakeXMLHttpRequest[] = []
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXMLHttpRequest {
      constructor() {
        super(sent)
      }
    },
  )
  return {
    sent,
    /** The latest request; fails the test when none was sent. */
    last(): FakeXMLHttpRequest {
      const request = sent.at(-1)
      if (!request) throw new Error('No upload was sent')
      return request
    },
  }
}
