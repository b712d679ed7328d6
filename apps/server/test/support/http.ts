/** Calls to a server running as its own process (or behind a proxy), over real HTTP. */

/** POSTs `body` as JSON to `base` + path. */
export function postJson(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

/** Signs a staff member in: the session cookie (`name=value`) to send back. Fails unless 200. */
export async function staffCookie(
  base: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const res = await postJson(base, '/api/auth/login', credentials)
  if (res.status !== 200) throw new Error(`signing in ${credentials.email}: ${res.status}`)
  return res.headers.get('set-cookie')!.split(';')[0]!
}
