import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { EXPORT_ROWS_HEADER, applicantExportFilters, roundExportRequest } from '@hackathon/contract'
import { requireRole } from '../../plugins/auth.js'
import type { ExportsService } from './exports.service.js'

const today = () => new Date().toISOString().slice(0, 10)

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export const exportsRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (
  app,
  { exports },
) => {
  app.post(
    '/api/admin/export-applicants',
    {
      schema: {
        tags: ['exports'],
        summary: 'Applicants matching the filters, as a streamed CSV file',
        body: applicantExportFilters,
      },
      onRequest: requireRole('admin'),
    },
    async (request, reply) => {
      const { rows, stream } = await exports.applicantsCsv(request.body)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="applicants_export_${today()}.csv"`)
        .header('cache-control', 'no-store')
        .header(EXPORT_ROWS_HEADER, String(rows))
        .send(stream)
    },
  )

  app.post(
    '/api/admin/export-rounds',
    {
      schema: {
        tags: ['exports'],
        summary: 'Chosen metrics per stage, as an xlsx file',
        body: roundExportRequest,
      },
      onRequest: requireRole('admin'),
    },
    async (request, reply) => {
      const { rows, file } = await exports.roundsXlsx(request.body)
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="rounds_export_${today()}.xlsx"`)
        .header('cache-control', 'no-store')
        .header(EXPORT_ROWS_HEADER, String(rows))
        .send(file)
    },
  )
}
