import type { FastifyInstance } from 'fastify'

/**
 * `call(method, url, cookie, payload)` against the app `app()` returns (read at each call, so it
 * may be made before the app is): with the session cookie when there is one, and a JSON body
 * (an empty object when none is given) on every method but GET.
 */
export function caller(app: () => FastifyInstance) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) =>
    app().inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    })
}
