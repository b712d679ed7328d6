import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { healthResponse } from '@hackathon/contract'
import type { Database } from '../../db/client.js'

export interface HealthDeps {
  database: Database
  version: string
}

export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (
  app,
  { database, version },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const reachable = await database.ping().then(
        () => true,
        () => false,
      )
      return reply.code(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        version,
        database: { driver: database.driver, reachable },
      })
    },
  )
}
