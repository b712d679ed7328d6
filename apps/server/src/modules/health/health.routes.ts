import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { healthResponse, livenessResponse } from '@hackathon/contract'
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
      // Probes come every few seconds from one address (the orchestrator's): never rate-limited.
      config: { rateLimit: false },
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the version and whether the database answers (503 when it does not)',
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

  // Liveness for an orchestrator: the event loop answers. It does not ask the database, so an
  // outage of the database makes the instance unready (above) without getting it restarted.
  app.get(
    '/api/health/live',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers (the database is not asked)',
        response: { 200: livenessResponse },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.floor(process.uptime()) }),
  )
}
