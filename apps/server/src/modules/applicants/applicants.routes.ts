import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  APPLICANT_MESSAGES,
  applicant,
  applicantList,
  applicantListQuery,
  applicantUpdateInput,
  confirmParticipationInput,
  manualApplicantInput,
  messageResponse,
  IDEMPOTENCY_KEY_HEADER,
  registrationHeaders,
  registrationInput,
  registrationResponse,
  selectApplicantResponse,
  applicantPipeline,
  decisionInput,
  PIPELINE_MESSAGES,
  uuidParam,
} from '@hackathon/contract'
import { z } from 'zod'
import { requireRole, staffActor } from '../../plugins/auth.js'
import type { ApplicantsService } from './applicants.service.js'

export const applicantsRoutes: FastifyPluginAsyncZod<{ applicants: ApplicantsService }> = async (
  app,
  { applicants },
) => {
  const tags = ['applicants']
  const adminOnly = requireRole('admin')
  const staff = requireRole('admin', 'jury')

  app.post(
    '/api/register',
    {
      schema: {
        tags,
        summary: 'Public registration',
        headers: registrationHeaders,
        body: registrationInput,
        response: { 201: registrationResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await applicants.register(
            request.body,
            request.ip,
            request.headers[IDEMPOTENCY_KEY_HEADER],
          ),
        ),
  )

  app.post(
    '/api/confirm-participation',
    {
      schema: {
        tags,
        summary: 'Confirm participation with the emailed code',
        body: confirmParticipationInput,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await applicants.confirmByCode(request.body.code, request.ip)
      return { message: APPLICANT_MESSAGES.confirmed }
    },
  )

  app.get(
    '/api/confirm-participation',
    {
      schema: {
        tags,
        summary: 'Check an emailed confirmation code without using it',
        // Its own object: the body's schema is a named component, which a query cannot reference.
        querystring: z.object({ code: confirmParticipationInput.shape.code }),
        response: { 200: messageResponse },
      },
    },
    // The page checks the link before it congratulates anyone (issue 22); only the click confirms.
    async (request) => {
      await applicants.checkConfirmationCode(request.query.code, request.ip)
      return { message: 'This confirmation link is valid.' }
    },
  )

  app.get(
    '/api/applicants',
    {
      schema: {
        tags,
        summary: 'Search and page through applicants',
        querystring: applicantListQuery,
        response: { 200: applicantList },
      },
      onRequest: staff,
    },
    async (request) => applicants.list(request.query),
  )

  app.post(
    '/api/applicants',
    {
      schema: {
        tags,
        summary: 'Add an applicant by hand',
        body: manualApplicantInput,
        response: { 201: applicant },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => reply.code(201).send(await applicants.addManually(request.body)),
  )

  app.get(
    '/api/applicants/:id',
    {
      schema: {
        tags,
        summary: 'One applicant, with the version an edit sends back',
        params: uuidParam,
        response: { 200: applicant },
      },
      onRequest: staff,
    },
    async (request) => applicants.get(request.params.id),
  )

  app.put(
    '/api/applicants/:id',
    {
      schema: {
        tags,
        summary: 'Edit an applicant',
        params: uuidParam,
        body: applicantUpdateInput,
        response: { 200: applicant },
      },
      onRequest: adminOnly,
    },
    async (request) => applicants.update(request.params.id, request.body, staffActor(request)),
  )

  app.delete(
    '/api/applicants/:id',
    {
      schema: {
        tags,
        summary: 'Delete an applicant and everything of theirs',
        params: uuidParam,
        response: { 200: messageResponse },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      await applicants.remove(request.params.id)
      return { message: APPLICANT_MESSAGES.deleted }
    },
  )

  app.post(
    '/api/applicants/:id/select',
    {
      schema: {
        tags,
        summary:
          'Advance a submitted applicant from the round they are in (or the round named) and email them a confirmation link',
        params: uuidParam,
        body: z.object({ roundId: z.uuid('Not a valid round').optional() }).optional(),
        response: { 200: selectApplicantResponse },
      },
      onRequest: staff,
    },
    async (request) => ({
      message: APPLICANT_MESSAGES.selected,
      applicant: await applicants.select(
        request.params.id,
        staffActor(request),
        request.body?.roundId,
      ),
    }),
  )

  app.get(
    '/api/applicants/:id/pipeline',
    {
      schema: {
        tags,
        summary: "An applicant's record in each round, and the history of decisions",
        params: uuidParam,
        response: { 200: applicantPipeline },
      },
      onRequest: staff,
    },
    async (request) => applicants.pipeline(request.params.id),
  )

  app.post(
    '/api/applicants/:id/decision',
    {
      schema: {
        tags,
        summary:
          'Record a decision about an applicant in a round (advance, stop, withdraw, win, undo)',
        params: uuidParam,
        body: decisionInput,
        response: { 200: selectApplicantResponse },
      },
      onRequest: adminOnly,
    },
    async (request) => ({
      message: PIPELINE_MESSAGES.decisionRecorded,
      applicant: await applicants.decide(request.params.id, request.body, staffActor(request)),
    }),
  )
}
