import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answerFile, answerFileQuery, uuidParam } from '@hackathon/contract'
import { AppError } from '../../plugins/app-error.js'
import { applicantActor, requireApplicant, requireRole, staffActor } from '../../plugins/auth.js'
import { sendFile } from '../../plugins/send-file.js'
import type { AnswersService } from './answers.service.js'

export const answersRoutes: FastifyPluginAsyncZod<{ answers: AnswersService }> = async (
  app,
  { answers },
) => {
  const tags = ['submissions']

  app.post(
    '/api/applicant/answer-files',
    {
      schema: {
        tags,
        summary:
          'Upload a file answering a requirement (multipart field "file"), before submitting',
        consumes: ['multipart/form-data'],
        querystring: answerFileQuery,
        response: { 201: answerFile },
      },
      onRequest: requireApplicant,
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(
          400,
          'No File Selected: send the file as multipart/form-data in the field "file".',
        )
      let filename = ''
      const stored = await answers.upload(
        applicantActor(request).id,
        request.query.requirementId,
        {
          get filename() {
            return filename
          },
          read: async (maxBytes) => {
            const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } })
            if (!part) throw new AppError(400, 'No File Selected')
            filename = part.filename
            // Over the requirement's limit this throws the plugin's 413, which the error handler keeps.
            return part.toBuffer()
          },
        },
        request.arrivedAt,
      )
      return reply.code(201).send(stored)
    },
  )

  app.get(
    '/api/applicant/answer-files/:id',
    {
      schema: { tags, summary: 'Download one of my answer files', params: uuidParam },
      onRequest: requireApplicant,
    },
    async (request, reply) =>
      sendFile(reply, await answers.ownFile(request.params.id, applicantActor(request).id)),
  )

  app.get(
    '/api/answer-files/:id',
    {
      schema: { tags, summary: "Download an applicant's answer file", params: uuidParam },
      onRequest: requireRole('admin', 'jury'),
    },
    async (request, reply) =>
      sendFile(reply, await answers.staffFile(request.params.id, staffActor(request))),
  )
}
