import { z } from 'zod'

/** The one JSON shape of every error answer (docs/architecture.md#contracts-and-errors). */
export const errorBody = z
  .object({
    message: z.string().describe('A sentence a person can read'),
    code: z.string().describe('A stable machine-readable code, e.g. VALIDATION_ERROR'),
  })
  .meta({ id: 'Error' })
export type ErrorBody = z.infer<typeof errorBody>

export const errorCodes = {
  validation: 'VALIDATION_ERROR',
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
} as const
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes]
