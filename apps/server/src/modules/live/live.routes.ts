import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { LiveTopic } from '@hackathon/contract'
import { requireRole, staffActor } from '../../plugins/auth.js'
import type { LiveHub } from './live.hub.js'

/** Topics arriving within this window go out together, once each. */
const BATCH_MS = 50
/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000

export const liveRoutes: FastifyPluginAsyncZod<{ hub: LiveHub }> = async (app, { hub }) => {
  app.get(
    '/api/events',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'Server-Sent Events: `event: change` with data {"topic"} when applicants, submissions, activity or rounds changed anywhere',
      },
      onRequest: requireRole('admin', 'jury'),
    },
    (request, reply) => {
      const raw = reply.raw
      const actor = staffActor(request)
      const pending = new Set<LiveTopic>()
      let flushTimer: NodeJS.Timeout | undefined
      const flush = () => {
        flushTimer = undefined
        for (const topic of pending)
          raw.write(`event: change\ndata: ${JSON.stringify({ topic })}\n\n`)
        pending.clear()
      }
      // Refused here (429, 503) before anything is written: an ordinary JSON error answer.
      const unsubscribe = hub.subscribe(
        {
          send(topics) {
            for (const topic of topics) pending.add(topic)
            flushTimer ??= setTimeout(flush, BATCH_MS)
          },
          end: () => raw.end(),
        },
        { sessionId: actor.sessionId, userId: actor.id },
      )
      reply.hijack()
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      })
      // Reconnect after 2 s when the connection drops (EventSource does this by itself).
      raw.write('retry: 2000\n: connected\n\n')
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS)
      // The response closes when the client goes, the session ends or the server stops.
      raw.on('close', () => {
        clearInterval(heartbeat)
        clearTimeout(flushTimer)
        unsubscribe()
      })
    },
  )
}
