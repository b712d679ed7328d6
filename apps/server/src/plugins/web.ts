import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { errorCodes } from '@hackathon/contract'

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (request.url === '/api' || request.url.startsWith('/api/')) return false
  return (request.headers.accept ?? '').includes('text/html')
}

function notFoundJson(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({
    message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    code: errorCodes.notFound,
  })
}

/**
 * Serves the built web app on the API's port (one port in production). Client-side routes fall
 * back to index.html so that a reload of /applicants works; /api/* never does.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<void> {
  const indexFile = distDir ? join(distDir, 'index.html') : undefined
  if (!distDir || !indexFile || !existsSync(indexFile)) {
    app.setNotFoundHandler(notFoundJson)
    return
  }
  await app.register(fastifyStatic, {
    root: distDir,
    index: ['index.html'],
    wildcard: true,
    // The build writes .br and .gz copies beside each asset (apps/web/vite.config.ts): sent as
    // the browser accepts them, the landing script is 87 kB instead of 324 kB (issue 12).
    preCompressed: true,
    setHeaders: (res, path) => {
      // Vite fingerprints everything under assets/, so those can be cached for good.
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  app.setNotFoundHandler((request, reply) =>
    wantsPage(request)
      ? reply.header('cache-control', 'no-cache').sendFile('index.html')
      : notFoundJson(request, reply),
  )
}
