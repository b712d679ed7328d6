import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  assignmentOverview,
  assignmentRequest,
  conflictRequest,
  messageResponse,
  myReview,
  ranking,
  REVIEW_MESSAGES,
  reviewRequest,
  rubric,
  rubricRequest,
  uuidParam,
} from '@hackathon/contract'
import { requireRole, staffActor } from '../../plugins/auth.js'
import type { ReviewsService } from './reviews.service.js'

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (
  app,
  { reviews },
) => {
  const tags = ['jury scoring']
  const staff = requireRole('admin', 'jury')
  const adminOnly = requireRole('admin')
  const juryOnly = requireRole('jury')

  app.get(
    '/api/rounds/:id/rubric',
    {
      schema: {
        tags,
        summary: "The round's scoring criteria",
        params: uuidParam,
        response: { 200: rubric },
      },
      onRequest: staff,
    },
    async (request) => reviews.rubric(request.params.id),
  )
  app.put(
    '/api/rounds/:id/rubric',
    {
      schema: {
        tags,
        summary: 'Replace the criteria (until the first review) and set when reviews close',
        params: uuidParam,
        body: rubricRequest,
        response: { 200: rubric },
      },
      onRequest: adminOnly,
    },
    async (request) => reviews.putRubric(request.params.id, request.body),
  )
  app.get(
    '/api/submissions/:id/review',
    {
      schema: {
        tags,
        summary: 'My review of a submission, with its history',
        params: uuidParam,
        response: { 200: myReview },
      },
      onRequest: juryOnly,
    },
    async (request) => reviews.myReview(request.params.id, staffActor(request).id),
  )
  app.put(
    '/api/submissions/:id/review',
    {
      schema: {
        tags,
        summary: 'Save my scores (every criterion, within its scale); each save is kept',
        params: uuidParam,
        body: reviewRequest,
        response: { 200: myReview },
      },
      onRequest: juryOnly,
    },
    async (request) =>
      reviews.saveReview(
        request.params.id,
        staffActor(request).id,
        request.body,
        request.arrivedAt,
      ),
  )
  app.post(
    '/api/submissions/:id/conflict',
    {
      schema: {
        tags,
        summary: 'Declare a conflict of interest: the submission leaves my list',
        params: uuidParam,
        body: conflictRequest,
        response: { 200: messageResponse },
      },
      onRequest: juryOnly,
    },
    async (request) => {
      await reviews.declareConflict(request.params.id, staffActor(request).id, request.body.reason)
      return { message: REVIEW_MESSAGES.conflictSaved }
    },
  )
  app.get(
    '/api/rounds/:id/assignments',
    {
      schema: {
        tags,
        summary: 'Coverage and each judge’s progress',
        params: uuidParam,
        response: { 200: assignmentOverview },
      },
      onRequest: adminOnly,
    },
    async (request) => reviews.overview(request.params.id),
  )
  app.post(
    '/api/rounds/:id/assignments',
    {
      schema: {
        tags,
        summary: 'Assign N judges per submission (never same college, balanced, repeatable)',
        params: uuidParam,
        body: assignmentRequest,
        response: { 200: assignmentOverview },
      },
      onRequest: adminOnly,
    },
    async (request) => reviews.assign(request.params.id, request.body.reviewsPerSubmission),
  )
  app.get(
    '/api/rounds/:id/ranking',
    {
      schema: {
        tags,
        summary: 'Ranking by judge-normalized weighted score',
        params: uuidParam,
        response: { 200: ranking },
      },
      onRequest: adminOnly,
    },
    async (request) => reviews.ranking(request.params.id),
  )
  app.get(
    '/api/rounds/:id/ranking.csv',
    {
      schema: { tags, summary: 'The ranking as a CSV file', params: uuidParam },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="ranking_${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(await reviews.rankingCsv(request.params.id)),
  )
}
