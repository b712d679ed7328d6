import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import {
  errorBody,
  errorCodes,
  LIMITS,
  selectionUploadReport,
  stageDetailsUploadReport,
  uploadQuery,
} from '@hackathon/contract'
import { AppError } from '../../plugins/app-error.js'
import { requireRole } from '../../plugins/auth.js'
import { RowErrors, type UploadedFile, type UploadsService } from './uploads.service.js'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const MB = LIMITS.uploadMaxBytes / 1024 / 1024

/** The one file of the multipart field `file`, read whole (at most 10 MB). */
async function uploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart())
    throw new AppError(
      400,
      'No File Selected: send the file as multipart/form-data in the field "file".',
    )
  let part
  try {
    part = await request.file()
  } catch {
    throw new AppError(400, 'No File Selected: the multipart body could not be read.')
  }
  if (!part || part.fieldname !== 'file') throw new AppError(400, 'No File Selected')
  try {
    return { filename: part.filename, data: await part.toBuffer() }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413)
      throw new AppError(413, `File Too Large: the file must be at most ${MB} MB.`)
    throw error
  }
}

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (
  app,
  { uploads },
) => {
  const tags = ['bulk uploads']
  const templates = [
    ['/api/applicant-selection/template', 'applicant_selection_template.xlsx', 'selection'],
    ['/api/stage-details/template', 'stage_details_template.xlsx', 'stage details'],
  ] as const
  for (const [path, filename, what] of templates) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `The xlsx template of the ${what} upload, with a sheet explaining each column`,
        },
        onRequest: requireRole('admin'),
      },
      async (_request, reply) =>
        reply
          .header('content-type', XLSX)
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(
            await (what === 'selection'
              ? uploads.selectionTemplate()
              : uploads.stageDetailsTemplate()),
          ),
    )
  }

  app.post(
    '/api/applicant-selection/upload',
    {
      schema: {
        tags,
        summary:
          'Selection decisions from an xlsx, xls or csv sheet (multipart field "file"); ?dryRun=true changes nothing',
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        response: {
          200: selectionUploadReport,
          422: selectionUploadReport.extend({ code: errorBody.shape.code }),
        },
      },
      onRequest: requireRole('admin'),
    },
    async (request, reply) => {
      const file = await uploadedFile(request)
      try {
        return await uploads.uploadSelection(file, request.query.dryRun)
      } catch (error) {
        if (error instanceof RowErrors)
          return reply.code(422).send({ ...error.report, code: errorCodes.validation })
        throw error
      }
    },
  )

  app.post(
    '/api/stage-details/upload',
    {
      schema: {
        tags,
        summary:
          'Reported figures per round from an xlsx, xls or csv sheet (multipart field "file"); ?dryRun=true changes nothing',
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        response: {
          200: stageDetailsUploadReport,
          422: stageDetailsUploadReport.extend({ code: errorBody.shape.code }),
        },
      },
      onRequest: requireRole('admin'),
    },
    async (request, reply) => {
      const file = await uploadedFile(request)
      try {
        return await uploads.uploadStageDetails(file, request.query.dryRun)
      } catch (error) {
        if (error instanceof RowErrors)
          return reply.code(422).send({ ...error.report, code: errorCodes.validation })
        throw error
      }
    },
  )
}
