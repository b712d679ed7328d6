/**
 * Whether a host name or address is this machine's own: `localhost`, 127.x.x.x or ::1 (bare, as in
 * HOST, or bracketed, as in a URL's hostname).
 */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.')
}
