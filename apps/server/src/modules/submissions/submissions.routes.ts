import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { staffSubmissionList, staffSubmissionQuery, submitStageInput } from '@hackathon/contract'
import { z } from 'zod'
import { applicantActor, requireApplicant, requireRole, staffActor } from '../../plugins/auth.js'
import type { SubmissionsService } from './submissions.service.js'

export const submissionsRoutes: FastifyPluginAsyncZod<{ submissions: SubmissionsService }> = async (
  app,
  { submissions },
) => {
  const tags = ['submissions']

  app.post(
    '/api/applicant/submit-stage',
    {
      schema: {
        tags,
        summary:
          'Submit (or resubmit) a GitHub repository and documents to a stage before its deadline',
        body: submitStageInput,
        response: { 200: z.object({ message: z.string(), submissionId: z.uuid() }) },
      },
      onRequest: requireApplicant,
    },
    async (request) =>
      submissions.submit(applicantActor(request).id, request.body, request.arrivedAt),
  )

  app.get(
    '/api/submissions',
    {
      schema: {
        tags,
        summary: 'Submitted work for the jury, with history',
        querystring: staffSubmissionQuery,
        response: { 200: staffSubmissionList },
      },
      onRequest: requireRole('admin', 'jury'),
    },
    async (request) => submissions.listForStaff(request.query, staffActor(request)),
  )
}
