import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * When the request reached this server, by its clock, taken before any hook that may wait
     * (a session lookup, a database connection): deadlines are judged by it
     * (docs/decisions/024-arrival-time-idempotent-registration-restore.md).
     */
    arrivedAt: Date
  }
}

/** Stamps every request with its arrival time. Registered first, so nothing runs before it. */
export function registerArrival(app: FastifyInstance) {
  app.decorateRequest('arrivedAt', null as unknown as Date)
  app.addHook('onRequest', (request, _reply, done) => {
    request.arrivedAt = new Date()
    done()
  })
}
