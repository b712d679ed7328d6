import { errorCodes, type ErrorCode } from '@hackathon/contract'

const codeByStatus: Record<number, ErrorCode> = {
  400: errorCodes.badRequest,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  409: errorCodes.conflict,
  413: errorCodes.payloadTooLarge,
  415: errorCodes.unsupportedMediaType,
  429: errorCodes.rateLimited,
}

/**
 * The one error type services throw (docs/architecture.md#contracts-and-errors); the errors plugin
 * turns it into JSON.
 */
export class AppError extends Error {
  readonly code: string
  constructor(
    readonly statusCode: number,
    message: string,
    code?: string,
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.code = code ?? codeByStatus[statusCode] ?? errorCodes.internal
  }
}

export const codeForStatus = (status: number): string =>
  codeByStatus[status] ?? (status >= 500 ? errorCodes.internal : errorCodes.badRequest)
