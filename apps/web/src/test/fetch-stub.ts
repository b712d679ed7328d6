import { vi } from 'vitest'

/** Answers one call: a Response, or a promise of one (to hold a call pending, or reject it). */
export type Handler = (request: {
  body: unknown
  init: RequestInit | undefined
}) => Response | Promise<Response>

/**
 * Replaces fetch with a table of 'METHOD /path' -> handler. A call nobody expected fails the
 * way the server would (404 JSON), so a test never silently reaches the network.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`
    const handler = handlers[key]
    if (!handler)
      return Response.json({ message: `No stub for ${key}`, code: 'NOT_FOUND' }, { status: 404 })
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    return handler({ body, init })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** A promise with its resolve handle, to check what a screen shows while a call is pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** The body every error answer has (packages/contract errors.ts). */
export function errorResponse(status: number, message: string, code = 'ERROR'): Response {
  return Response.json({ message, code }, { status })
}
