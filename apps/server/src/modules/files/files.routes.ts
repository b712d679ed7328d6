import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { storedFile, uuidParam } from '@hackathon/contract'
import { AppError } from '../../plugins/app-error.js'
import { requireRole } from '../../plugins/auth.js'
import { sendFile } from '../../plugins/send-file.js'
import type { FilesService } from './files.service.js'

export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (
  app,
  { files },
) => {
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
      return reply.code(201).send(await files.uploadTemplate(part.filename, data))
    },
  )

  // Templates are handed to every participant, so they are public, like a link in an email.
  app.get(
    '/api/files/:id',
    { schema: { tags, summary: 'Download a template file', params: uuidParam } },
    async (request, reply) => sendFile(reply, await files.template(request.params.id)),
  )
}
