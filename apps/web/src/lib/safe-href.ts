/**
 * The address to link to, or null when it must stay plain text: the URLs shown to applicants
 * and the jury are typed by applicants, and a `javascript:` one must never run in anyone's
 * browser. Web addresses and paths on this site pass.
 */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null
  if (url.startsWith('/') && !url.startsWith('//')) return url
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:' ? url : null
  } catch {
    return null
  }
}
