import type { QueryFunction } from '@tanstack/react-query'

/** What a query does with a 401: signed-out is an answer for some calls, an error for others. */
export type UnauthorizedBehavior = 'returnNull' | 'throw'

/**
 * Raises the error text `STATUS: body`, or the status text when the body is empty
 * (docs/product/api.md#how-the-web-app-calls).
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const text = (await res.text()) || res.statusText
  throw new Error(`${res.status}: ${text}`)
}

async function parseJson<T>(res: Response): Promise<T> {
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/** Methods that change state; the server accepts them only with a JSON (or multipart) body. */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD'])

/**
 * The general request helper (docs/product/api.md#how-the-web-app-calls): sends the session cookie
 * and returns the parsed JSON answer (undefined for an empty one). Every state-changing call
 * carries a JSON body and its content type, `{}` when the caller has none: the server's CSRF guard
 * refuses a POST, PUT, PATCH or DELETE without one, since a cross-site form cannot send that type.
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const sendsBody = !READ_ONLY_METHODS.has(method.toUpperCase())
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: sendsBody ? { 'Content-Type': 'application/json' } : undefined,
    body: sendsBody ? JSON.stringify(body === undefined ? {} : body) : undefined,
  })
  await throwIfResNotOk(res)
  return parseJson<T>(res)
}

export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null>
/** The default query function: GET to the path formed by joining the query key parts with '/'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal })
    if (on401 === 'returnNull' && res.status === 401) return null
    await throwIfResNotOk(res)
    return parseJson<T>(res)
  }
}
