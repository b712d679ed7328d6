import type { FastifyReply } from 'fastify'

/** A name safe in a Content-Disposition header: plain ASCII fallback plus the UTF-8 original. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** Sends a stored file as a download (never rendered inline: it is someone else's upload). */
export function sendFile(
  reply: FastifyReply,
  row: { name: string; contentType: string; sha256: string; data: Buffer },
) {
  return reply
    .header('content-type', row.contentType)
    .header('content-disposition', disposition(row.name))
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .header('etag', `"${row.sha256}"`)
    .send(row.data)
}
