import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  deleteRoundQuery,
  messageResponse,
  round,
  roundInput,
  roundList,
  ROUND_MESSAGES,
  uuidParam,
} from '@hackathon/contract'
import { requireRole, staffActor } from '../../plugins/auth.js'
import type { RoundsService } from './rounds.service.js'

export const roundsRoutes: FastifyPluginAsyncZod<{ rounds: RoundsService }> = async (
  app,
  { rounds },
) => {
  const tags = ['rounds']
  const adminOnly = requireRole('admin')

  app.get(
    '/api/rounds',
    {
      schema: {
        tags,
        summary: 'Every round with its requirements, prizes and counts',
        response: { 200: roundList },
      },
      onRequest: requireRole('admin', 'jury'),
    },
    async () => rounds.listWithWarnings(),
  )

  app.post(
    '/api/rounds',
    {
      schema: { tags, summary: 'Create a round', body: roundInput, response: { 201: round } },
      onRequest: adminOnly,
    },
    async (request, reply) => reply.code(201).send(await rounds.create(request.body)),
  )

  app.put(
    '/api/rounds/:id',
    {
      schema: {
        tags,
        summary: 'Update a round',
        params: uuidParam,
        body: roundInput,
        response: { 200: round },
      },
      onRequest: adminOnly,
    },
    async (request) => rounds.update(request.params.id, request.body, staffActor(request)),
  )

  app.delete(
    '/api/rounds/:id',
    {
      schema: {
        tags,
        summary: 'Delete a round (409 HAS_SUBMISSIONS unless force=true)',
        params: uuidParam,
        querystring: deleteRoundQuery,
        response: { 200: messageResponse },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      await rounds.remove(request.params.id, request.query.force === 'true')
      return { message: ROUND_MESSAGES.deleted }
    },
  )
}
