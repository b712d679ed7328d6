import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import pretty from 'pino-pretty'
import type { Config } from '../config.js'

export type LogFormat = 'json' | 'pretty'

/** Never logged, whatever the level: credentials and one-time secrets. */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.otp',
  '*.sessionToken',
  '*.token',
]

/**
 * One line per answered request (Fastify writes two: "incoming request" and "request completed"),
 * at `level`: `debug` in a terminal, where a person reads the console and the first admin's
 * password must not scroll away; `info` in JSON, the access log of a deployment
 * (docs/decisions/028-first-install-and-console.md). Errors keep their own levels.
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly level: 'debug' | 'info') {
    super()
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply)
    reply.log[this.level](
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    )
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log[this.level](`no route for ${request.method} ${request.url.split('?')[0]}`)
  }
}

interface RequestLine {
  req?: { method?: string; url?: string }
  res?: { statusCode?: number }
  responseTime?: number
}

/** A request as a person reads it: `GET /api/health 200 3 ms`. */
function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as RequestLine
  if (req && res && typeof responseTime === 'number')
    return `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime)} ms`
  return String(log[messageKey] ?? '')
}

/**
 * The logger options of the server: JSON lines (what a deployment's log collector reads) or, with
 * LOG_FORMAT=pretty or when unset in a terminal, one readable line per event. Either way secrets
 * are redacted and a request is logged by its path alone: a query string can carry a confirmation
 * code (the emailed link) or what staff searched for (a person's name).
 */
export function logSettings(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  {
    isTTY = Boolean(process.stdout.isTTY),
    destination,
    colors = pretty.isColorSupported,
  }: { isTTY?: boolean; destination?: NodeJS.WritableStream; colors?: boolean } = {},
) {
  const format: LogFormat = config.logFormat ?? (isTTY ? 'pretty' : 'json')
  const stream =
    format === 'pretty'
      ? pretty({
          colorize: colors,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname,reqId,req,res,responseTime',
          messageFormat: readableMessage,
          destination: destination ?? 1,
          // Written at once, so the lines before a crash or process.exit are not lost.
          sync: true,
        })
      : destination
  return {
    format,
    /** For Fastify(): its logger and how it logs requests. */
    options: {
      logger: {
        level: config.logLevel,
        redact: { paths: redactedPaths, censor: '[redacted]' },
        serializers: {
          req: (request: FastifyRequest) => ({
            method: request.method,
            url: request.url.split('?')[0],
            hostname: request.hostname,
            remoteAddress: request.ip,
          }),
        },
        ...(stream ? { stream } : {}),
      } satisfies FastifyServerOptions['logger'],
      logController: new OneLinePerRequest(format === 'pretty' ? 'debug' : 'info'),
    },
  }
}
