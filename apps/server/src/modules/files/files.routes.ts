import { createHash } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { storedFile, TEMPLATE_EXTENSIONS, uuidParam } from '@hackathon/contract'
import type { Db } from '../../db/client.js'
import { CONTENT_TYPES, templateKind } from '../../lib/file-sniff.js'
import { AppError } from '../../plugins/app-error.js'
import { requireRole } from '../../plugins/auth.js'
import * as repo from './files.repo.js'

export const fileUrl = (id: string) => `/api/files/${id}`
/** An applicant's answer file: staff read it here, its owner at applicantAnswerFileUrl. */
export const answerFileUrl = (id: string) => `/api/answer-files/${id}`
export const applicantAnswerFileUrl = (id: string) => `/api/applicant/answer-files/${id}`

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

export const filesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['files']

  app.post(
    '/api/files',
    {
      schema: {
        tags,
        summary: 'Upload a template file (multipart field "file")',
        consumes: ['multipart/form-data'],
        response: { 201: storedFile },
      },
      onRequest: requireRole('admin'),
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(
          400,
          'No File Selected: send the file as multipart/form-data in the field "file".',
        )
      const part = await request.file()
      if (!part) throw new AppError(400, 'No File Selected')
      // Over the multipart limit (10 MB) this throws the plugin's 413, which the error handler keeps.
      const data = await part.toBuffer()
      const kind = templateKind(part.filename, data)
      if (!kind) {
        throw new AppError(
          400,
          `Invalid File Type: templates must be ${TEMPLATE_EXTENSIONS.join(', ')} files whose content matches their name.`,
        )
      }
      const name = part.filename.replace(/[/\\]/g, '_').slice(-200)
      const row = await repo.insert(db, {
        name,
        contentType: CONTENT_TYPES[kind],
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        data,
      })
      return reply.code(201).send({ ...row, url: fileUrl(row.id) })
    },
  )

  // Templates are handed to every participant, so they are public, like a link in an email.
  app.get(
    '/api/files/:id',
    { schema: { tags, summary: 'Download a template file', params: uuidParam } },
    async (request, reply) => {
      const row = await repo.findTemplate(db, request.params.id)
      if (!row) throw new AppError(404, 'File not found')
      return sendFile(reply, row)
    },
  )
}
