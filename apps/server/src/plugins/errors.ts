import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { errorCodes } from '@hackathon/contract'
import { isDatabaseUnavailable } from '../lib/db-errors.js'
import { AppError, codeForStatus } from './app-error.js'

/** What a client is told to wait when the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = 5

type ValidationIssue = { instancePath?: string; message?: string }

/** "name: Name must be at least 2 characters; email: Invalid email address" */
function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const parts = issues.map((issue) => {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')
    return field ? `${field}: ${issue.message ?? 'is invalid'}` : (issue.message ?? 'is invalid')
  })
  const where =
    context === 'body' || !context ? '' : ` in ${context === 'querystring' ? 'query' : context}`
  return parts.length ? parts.join('; ') : `The request${where} is invalid`
}

/**
 * One error handler and one JSON shape `{ message, code }` for every error
 * (docs/architecture.md#contracts-and-errors). Client mistakes are 4xx with a readable message;
 * anything unexpected is a 500 whose details go to the log, never to the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, code: error.code })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({
        message: describeValidation(error.validation, error.validationContext),
        code: errorCodes.validation,
      })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type, rate limit).
      return reply.code(status).send({ message: error.message, code: codeForStatus(status) })
    }
    if (isDatabaseUnavailable(error)) {
      // A stalled, refused or restarting database: the client may try again in a moment (issue
      // 21, docs/decisions/021-database-faults.md).
      request.log.warn({ err: error }, 'the database is unavailable')
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
        code: errorCodes.databaseUnavailable,
      })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({
      message: 'Something went wrong on our side. Please try again.',
      code: errorCodes.internal,
    })
  })
}

/**
 * JSON as Fastify parses it (with prototype-poisoning protection), except that an empty body is
 * accepted as no body: the browser client sends the JSON content type on every state-changing
 * call, including those that carry nothing (CSRF rule, plugins/auth.ts).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text.trim() === '') return done(null, undefined)
    return parseJson(request, text, done)
  })
}
