import { isIP } from 'node:net'
import { z } from 'zod'
import { APP_NAME } from '@hackathon/contract'
import { isCountryCallingCode } from './lib/mobile-number.js'

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** An IP address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of the named ranges. */
function isProxyAddress(entry: string): boolean {
  if (namedRanges.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (!version || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: how many proxies stand in front of the app (hops), or their addresses. Only
 * X-Forwarded-For entries that trusted proxies appended are believed, so a client cannot choose
 * its own address. `true` is one hop, never "believe everything" (docs/security.md).
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false
    if (value === 'true') return 1
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value.split(',').map((entry) => entry.trim())
    if (entries.every(isProxyAddress)) return entries
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a number of proxy hops (true is 1), or the proxies’ addresses or CIDR ranges, comma-separated',
    })
    return z.NEVER
  })

/** docs/decisions/029-embedded-memory.md: what the embedded database may hold in memory. */
export const EMBEDDED_SHARED_BUFFERS_MB = 32

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // This machine only until someone publishes it on purpose: the first start prints the first
    // admin's password on its console (docs/decisions/028-first-install-and-console.md).
    HOST: optionalString.transform((value) => value ?? '127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
    EMBEDDED_SHARED_BUFFERS_MB: z.coerce
      .number()
      .int()
      .min(8)
      .max(1024)
      .default(EMBEDDED_SHARED_BUFFERS_MB),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // Unset: readable lines in a terminal, JSON lines otherwise (decision 028).
    LOG_FORMAT: optionalString.pipe(
      z.enum(['json', 'pretty'], 'must be json or pretty').optional(),
    ),
    TRUST_PROXY: trustProxy,
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(72),
    WEB_DIST_DIR: optionalString,
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    METRICS_TOKEN: optionalString,
    STATISTICS_REFRESH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
    LIVE_STREAMS_MAX: z.coerce.number().int().min(1).default(1000),
    LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).default(5),
    LIVE_STREAMS_PER_PERSON: z.coerce.number().int().min(1).default(20),
    LIVE_SESSION_CHECK_SECONDS: z.coerce.number().min(0.05).max(3600).default(60),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(100),
    OIDC_ISSUER: optionalString.pipe(z.url().optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_LABEL: z.string().trim().min(1).default('Sign in with single sign-on'),
    SECRET_KEY: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters of random text').optional(),
    ),
    EVENT_NAME: z.string().trim().min(1).max(200).default(APP_NAME),
    EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().min(1).default(30),
    EMAIL_RETRY_DELAY_MAX_SECONDS: z.coerce.number().min(1).default(3600),
    EMAIL_RETRY_LIMIT: z.coerce.number().int().min(0).default(32),
    EMAIL_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
    // The country of a mobile number typed without its code (docs/decisions/019-mobile-numbers.md).
    DEFAULT_COUNTRY_CODE: z
      .string()
      .trim()
      .transform((value) => value.replace(/^\+/, ''))
      .refine(isCountryCallingCode, 'must be a country calling code, such as 91 for India or 1')
      .default('91'),
    REGISTER_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(200),
    ANSWER_STORAGE_MB_PER_APPLICANT: z.coerce.number().min(0.01).max(100_000).default(250),
    SUBMISSIONS_PER_APPLICANT_PER_HOUR: z.coerce.number().int().min(1).default(30),
    SUBMISSION_RECEIPT_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    OTP_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
    OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    OTP_RESEND_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    OTP_MAX_PER_HOUR: z.coerce.number().int().min(1).default(5),
    OTP_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(100),
    OTP_VERIFY_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(200),
    APPLICANT_SESSION_IDLE_HOURS: z.coerce.number().min(1).default(24),
    APPLICANT_SESSION_ABSOLUTE_DAYS: z.coerce.number().min(1).default(7),
    SMS_WEBHOOK_URL: optionalString.pipe(z.url().optional()),
    SMS_WEBHOOK_TOKEN: optionalString,
    GITHUB_API_URL: z.url().default('https://api.github.com'),
    GITHUB_TOKEN: optionalString,
    GITHUB_VERIFY: z.enum(['on', 'off'], 'must be on or off').default('on'),
    GITHUB_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    GITHUB_RECHECK_HOURS: z.coerce.number().min(0.01).default(24),
    GITHUB_RETRY_DELAY_SECONDS: z.coerce.number().min(1).default(30),
  })
  .refine((env) => env.HEADERS_TIMEOUT_SECONDS <= env.REQUEST_TIMEOUT_SECONDS, {
    message: 'must not be longer than REQUEST_TIMEOUT_SECONDS',
    path: ['HEADERS_TIMEOUT_SECONDS'],
  })
  .refine((env) => !env.OIDC_ISSUER || env.OIDC_CLIENT_ID, {
    message: 'OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
    path: ['OIDC_CLIENT_ID'],
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** PostgreSQL: fail fast when it stalls or refuses (docs/decisions/021-database-faults.md). */
    databaseTimeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    /** The embedded database's page cache, the largest part of its memory (decision 029). */
    embeddedSharedBuffersMb: env.EMBEDDED_SHARED_BUFFERS_MB,
    statisticsRefreshMs: env.STATISTICS_REFRESH_MS,
    metricsToken: env.METRICS_TOKEN,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    trustProxy: env.TRUST_PROXY,
    /** How long a request may take to arrive, its headers, and an idle kept-alive connection. */
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      headersMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    webDistDir: env.WEB_DIST_DIR,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    sessions: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    /** Staff live event streams (GET /api/events) on this instance, and how often their sessions are checked. */
    liveStreams: {
      max: env.LIVE_STREAMS_MAX,
      perSession: env.LIVE_STREAMS_PER_SESSION,
      perPerson: env.LIVE_STREAMS_PER_PERSON,
      sessionCheckMs: env.LIVE_SESSION_CHECK_SECONDS * 1000,
    },
    loginLimits: {
      perAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: env.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      perAccountPerHour: env.LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR,
    },
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            label: env.OIDC_LABEL,
          }
        : undefined,
    oidcLabel: env.OIDC_LABEL,
    secretKey: env.SECRET_KEY,
    registerMaxPerAddress: env.REGISTER_MAX_PER_ADDRESS_PER_HOUR,
    defaultCountryCode: env.DEFAULT_COUNTRY_CODE,
    answerStorageBytesPerApplicant: Math.round(env.ANSWER_STORAGE_MB_PER_APPLICANT * 1024 * 1024),
    submissionsPerApplicantPerHour: env.SUBMISSIONS_PER_APPLICANT_PER_HOUR,
    submissionReceiptDelaySeconds: env.SUBMISSION_RECEIPT_DELAY_SECONDS,
    otp: {
      ttlMs: env.OTP_TTL_MINUTES * 60_000,
      maxAttempts: env.OTP_MAX_ATTEMPTS,
      resendMs: env.OTP_RESEND_SECONDS * 1000,
      maxPerHour: env.OTP_MAX_PER_HOUR,
      maxPerAddressPerHour: env.OTP_MAX_PER_ADDRESS_PER_HOUR,
      verifyMaxPerAddressPerHour: env.OTP_VERIFY_MAX_PER_ADDRESS_PER_HOUR,
    },
    applicantSessions: {
      idleMs: env.APPLICANT_SESSION_IDLE_HOURS * 3_600_000,
      absoluteMs: env.APPLICANT_SESSION_ABSOLUTE_DAYS * 86_400_000,
    },
    sms: env.SMS_WEBHOOK_URL
      ? { url: env.SMS_WEBHOOK_URL, token: env.SMS_WEBHOOK_TOKEN }
      : undefined,
    eventName: env.EVENT_NAME,
    github: {
      apiUrl: env.GITHUB_API_URL.replace(/\/+$/, ''),
      token: env.GITHUB_TOKEN,
      /** GITHUB_VERIFY=off: no checks, pins or freezes (events without network). */
      verify: env.GITHUB_VERIFY === 'on',
      timeoutMs: env.GITHUB_TIMEOUT_MS,
      recheckMs: env.GITHUB_RECHECK_HOURS * 3_600_000,
      /** First wait before a job asks an unreachable GitHub again (doubling up to an hour). */
      retryDelaySeconds: env.GITHUB_RETRY_DELAY_SECONDS,
    },
    email: {
      retryDelaySeconds: env.EMAIL_RETRY_DELAY_SECONDS,
      retryDelayMaxSeconds: env.EMAIL_RETRY_DELAY_MAX_SECONDS,
      retryLimit: env.EMAIL_RETRY_LIMIT,
      pollSeconds: env.EMAIL_POLL_SECONDS,
    },
  }))

export type Config = z.output<typeof configSchema>

/**
 * The only reader of process.env (docs/architecture.md#habits). Throws one readable message listing
 * every bad variable, so a misconfigured deployment fails at start, not at the first request.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}
