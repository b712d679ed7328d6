import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  applicantDashboard,
  applicantRounds,
  applicantSubmissions,
  messageResponse,
  selectApplicantResponse,
  stageDocuments,
  stageIdParam,
} from '@hackathon/contract'
import { z } from 'zod'
import { applicantActor, requireApplicant } from '../../plugins/auth.js'
import type { ApplicantAuthService } from '../applicant-auth/applicant-auth.service.js'
import type { ApplicantPortalService } from './applicant-portal.service.js'

export const applicantPortalRoutes: FastifyPluginAsyncZod<{
  portal: ApplicantPortalService
  applicantAuth: ApplicantAuthService
}> = async (app, { portal, applicantAuth }) => {
  const tags = ['applicant portal']
  const guard = { onRequest: requireApplicant }

  app.get(
    '/api/applicant/dashboard',
    {
      schema: {
        tags,
        summary: 'The signed-in applicant: status, progress, open stages',
        response: { 200: applicantDashboard },
      },
      ...guard,
    },
    async (request) => portal.dashboard(applicantActor(request).id),
  )

  app.post(
    '/api/applicant/confirm-participation',
    {
      schema: {
        tags,
        summary: 'A selected applicant confirms participation',
        body: z.object({}).optional(),
        response: { 200: selectApplicantResponse },
      },
      ...guard,
    },
    async (request) => ({
      message: 'Your participation is confirmed. See you at the event!',
      applicant: await portal.confirmParticipation(applicantActor(request).id),
    }),
  )

  app.post(
    '/api/applicant/logout',
    {
      schema: {
        tags,
        summary: 'Ends this bearer session',
        body: z.object({}).optional(),
        response: { 200: messageResponse },
      },
      ...guard,
    },
    async (request) => {
      await applicantAuth.logout(applicantActor(request))
      return { message: 'You are signed out.' }
    },
  )

  app.get(
    '/api/applicant/my-submissions',
    {
      schema: {
        tags,
        summary: "The applicant's stage submissions",
        response: { 200: applicantSubmissions },
      },
      ...guard,
    },
    async (request) => ({ submissions: await portal.submissions(applicantActor(request).id) }),
  )

  app.get(
    '/api/applicant/rounds',
    {
      schema: {
        tags,
        summary: 'Every stage, with whether it is locked for this applicant',
        response: { 200: applicantRounds },
      },
      ...guard,
    },
    async (request) => ({ rounds: await portal.rounds(applicantActor(request).id) }),
  )

  app.get(
    '/api/applicant/documents/:stageId',
    {
      schema: {
        tags,
        summary: "A stage's documents and template files",
        params: stageIdParam,
        response: { 200: stageDocuments },
      },
      ...guard,
    },
    async (request) => ({ documents: await portal.documents(request.params.stageId) }),
  )
}
