import type { FastifyInstance } from 'fastify'
import swagger from '@fastify/swagger'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'

/**
 * The OpenAPI document is generated from the routes' contract schemas, so it cannot drift from
 * what the server validates. Served as JSON at /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hackathon platform API',
        description: 'Every route of the platform, generated from packages/contract.',
        version,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  })
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger())
}
