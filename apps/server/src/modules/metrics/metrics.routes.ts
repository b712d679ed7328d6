import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { sql } from 'drizzle-orm'
import type { Config } from '../../config.js'
import { rowsOf, type Db } from '../../db/client.js'
import { sameSecret } from '../../lib/secrets.js'
import { AppError } from '../../plugins/app-error.js'

/**
 * Prometheus metrics (issue 13): requests and their latency by route, the job queue's depth per
 * queue, and the email outbox by status (failures included). One registry per app, so several
 * apps in one process (the tests) keep their own figures.
 */
export function createMetrics(app: FastifyInstance, db: Db, embeddedMemoryBytes?: () => number) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'API requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer API requests, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting to run (created or waiting for a retry), by queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ name: string; n: number }>(
        db,
        sql`select name, count(*)::int as n from pgboss.job
             where state in ('created', 'retry') group by name`,
      )
      this.reset()
      for (const row of rows) this.set({ queue: row.name }, row.n)
    },
  })
  new Gauge({
    name: 'email_messages',
    help: 'Messages in the email outbox by status (failed: gave up after every retry)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ status: string; n: number }>(
        db,
        sql`select status, count(*)::int as n from email_messages group by status`,
      )
      this.reset()
      for (const status of ['queued', 'retrying', 'sent', 'failed', 'skipped'])
        this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0)
    },
  })
  // The embedded database's WebAssembly memory: it grows to what the busiest moment needed and is
  // never given back; its ceiling is EMBEDDED_SHARED_BUFFERS_MB (docs/decisions/029-embedded-memory.md).
  if (embeddedMemoryBytes)
    new Gauge({
      name: 'embedded_database_memory_bytes',
      help: 'WebAssembly memory held by the embedded database (PGlite)',
      registers: [registry],
      collect() {
        this.set(embeddedMemoryBytes())
      },
    })
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url
    if (!route?.startsWith('/api/') || route === '/api/metrics') return
    requests.inc({ method: request.method, route, status_code: reply.statusCode })
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000)
  })
  return registry
}

export const metricsRoutes: FastifyPluginAsyncZod<{ registry: Registry; config: Config }> = async (
  app,
  { registry, config },
) => {
  app.get(
    '/api/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics: Authorization: Bearer METRICS_TOKEN, or an admin signed in',
      },
      // Before the body and the route run: a scraper's token, or an admin's session.
      onRequest: async (request) => {
        const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
        if (config.metricsToken && bearer && sameSecret(bearer, config.metricsToken)) return
        const actor = request.actor
        if (!actor || actor.kind !== 'staff')
          throw new AppError(401, 'You are not signed in. Please sign in and try again.')
        if (actor.role !== 'admin')
          throw new AppError(403, 'You do not have permission to do this.')
      },
    },
    async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  )
}
