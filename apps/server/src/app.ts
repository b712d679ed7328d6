import Fastify, { type FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { APP_NAME, LIMITS, LIVE_TOPICS, type LiveTopic } from '@hackathon/contract'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { JobQueue } from './jobs/queue.js'
import { answersRoutes } from './modules/answers/answers.routes.js'
import { createAnswersService } from './modules/answers/answers.service.js'
import { createPipelineService } from './modules/pipeline/pipeline.service.js'
import { applicantAuthRoutes } from './modules/applicant-auth/applicant-auth.routes.js'
import { createApplicantAuthService } from './modules/applicant-auth/applicant-auth.service.js'
import { applicantPortalRoutes } from './modules/applicant-portal/applicant-portal.routes.js'
import { createApplicantPortalService } from './modules/applicant-portal/applicant-portal.service.js'
import { uploadsRoutes } from './modules/uploads/uploads.routes.js'
import { createUploadsService } from './modules/uploads/uploads.service.js'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js'
import { createDashboardService } from './modules/dashboard/dashboard.service.js'
import { createLiveHub } from './modules/live/live.hub.js'
import { createSnapshotCache } from './lib/snapshot-cache.js'
import { createMetrics, metricsRoutes } from './modules/metrics/metrics.routes.js'
import { liveRoutes } from './modules/live/live.routes.js'
import { exportsRoutes } from './modules/exports/exports.routes.js'
import { createExportsService } from './modules/exports/exports.service.js'
import { filesRoutes } from './modules/files/files.routes.js'
import { createFilesService } from './modules/files/files.service.js'
import { roundsRoutes } from './modules/rounds/rounds.routes.js'
import { createRoundsService } from './modules/rounds/rounds.service.js'
import { githubRoutes } from './modules/github/github.routes.js'
import { reviewsRoutes } from './modules/reviews/reviews.routes.js'
import { createReviewsService } from './modules/reviews/reviews.service.js'
import { createGitHubService } from './modules/github/github.service.js'
import { createGitHubClient } from './lib/github.js'
import { createSmsService } from './modules/sms/sms.service.js'
import { submissionsRoutes } from './modules/submissions/submissions.routes.js'
import { createSubmissionsService } from './modules/submissions/submissions.service.js'
import { applicantsRoutes } from './modules/applicants/applicants.routes.js'
import { createApplicantsService } from './modules/applicants/applicants.service.js'
import { authRoutes } from './modules/auth/auth.routes.js'
import { createAuthService } from './modules/auth/auth.service.js'
import { createSsoService } from './modules/auth/sso.service.js'
import { emailRoutes } from './modules/email/email.routes.js'
import { createEmailService } from './modules/email/email.service.js'
import { healthRoutes } from './modules/health/health.routes.js'
import { staffRoutes } from './modules/staff/staff.routes.js'
import { createStaffService } from './modules/staff/staff.service.js'
import { registerAuth } from './plugins/auth.js'
import { registerArrival } from './plugins/arrival.js'
import { registerErrorHandling, registerJsonParser } from './plugins/errors.js'
import { registerOpenApi } from './plugins/openapi.js'
import { registerWebApp } from './plugins/web.js'
import { logSettings } from './lib/logger.js'
import type { SecretBox } from './lib/secret-box.js'
import { VERSION } from './version.js'

export interface RouteEntry {
  method: string
  url: string
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[]
  }
}

export interface AppDeps {
  config: Config
  database: Database
  jobs: JobQueue
  /** Seals stored secrets such as the SMTP password. */
  secrets: SecretBox
}

/**
 * TRUST_PROXY for Fastify: addresses as they are; a hop count as a function, since Fastify trusts
 * nobody when given a number. Hop `i` of X-Forwarded-For is believed when i < hops, counted from
 * the connection's own peer (hop 0).
 */
const trustProxyOf = (trust: Config['trustProxy']) => {
  if (typeof trust !== 'number') return trust
  return (_address: string, hop: number) => hop < trust
}

/**
 * Builds the whole HTTP application without listening (tests call it with app.inject()).
 * Plugins and modules are registered explicitly, here, in order.
 */
export async function buildApp({
  config,
  database,
  jobs,
  secrets,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Secrets redacted, requests by their path alone, one line each; readable in a terminal, JSON
    // otherwise (src/lib/logger.ts, docs/decisions/028-first-install-and-console.md).
    ...logSettings(config).options,
    trustProxy: trustProxyOf(config.trustProxy),
    // A request must arrive whole within requestTimeout and its headers within headersTimeout,
    // so a client trickling bytes cannot hold a connection open (docs/security.md). Node looks
    // every second rather than every 30 s, so a timeout ends about when it says.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      requestTimeout: config.timeouts.requestMs,
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: 1000,
    },
    bodyLimit: 1024 * 1024,
    // Ids in URLs are uuids; anything longer than this is not a route of ours.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // First of all hooks: when the request arrived, before anything can make it wait (deadlines).
  registerArrival(app)
  // Every route as registered: the access matrix test walks it, so no route can be forgotten.
  const routeTable: RouteEntry[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: route.url })
  })
  app.decorate('routeTable', routeTable)
  registerErrorHandling(app)
  registerJsonParser(app)

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes; no inline script is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  await app.register(cookie)
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20 },
  })
  // A general per-instance ceiling against floods; the limits that guard sign-in and one-time codes
  // are counted in the database (docs/architecture.md#several-instances).
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
  })
  await registerOpenApi(app, VERSION)

  const db = database.db
  const auth = createAuthService({ db, config })
  const sso = createSsoService({ db, config, auth })
  const email = createEmailService({ db, jobs, config, secrets })
  const staff = createStaffService({
    db,
    invite: (tx, member, temporaryPassword) =>
      email.queue(tx, member.email, 'staff-invitation', {
        name: member.name,
        role: member.role,
        ...(temporaryPassword ? { temporaryPassword } : {}),
      }),
  })
  // List totals and dashboard figures, recounted when their tables change (docs/decisions/015).
  let announce: (topics: readonly LiveTopic[]) => void = () => {}
  const snapshots = createSnapshotCache({
    minAgeMs: config.statisticsRefreshMs,
    announce: (topics) => announce(topics),
  })
  app.addHook('onClose', async () => snapshots.stop())
  // This instance's own writes count before their answer leaves: a staff member sees their change.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return
    if (request.actor?.kind === 'staff') snapshots.clear()
    else snapshots.invalidate(LIVE_TOPICS)
  })
  const pipeline = createPipelineService({ email, config })
  const applicants = createApplicantsService({ db, config, email, snapshots, pipeline })
  const sms = createSmsService({ jobs, config })
  const applicantAuth = createApplicantAuthService({ db, config, jobs, secrets, email, sms })
  const github = createGitHubService({
    db,
    jobs,
    config,
    client: createGitHubClient({
      baseUrl: config.github.apiUrl,
      token: config.github.token,
      timeoutMs: config.github.timeoutMs,
      retries: 2,
      userAgent: `${APP_NAME}/${VERSION}`,
    }),
  })
  const reviews = createReviewsService({ db })
  const submissions = createSubmissionsService({
    db,
    config,
    jobs,
    email,
    github,
    reviewSummaries: reviews.summaries,
  })
  const portal = createApplicantPortalService({ db, submissions, pipeline })
  const answers = createAnswersService({ db, config })
  const rounds = createRoundsService({ db, scheduleFreeze: github.scheduleFreeze, snapshots })
  const exports = createExportsService({ db, rounds })
  const uploads = createUploadsService({ db, pipeline })
  const dashboard = createDashboardService({ db, snapshots })
  const hub = createLiveHub({
    database,
    limits: config.liveStreams,
    liveSessions: auth.liveSessionIds,
    onCheckError: (err) => app.log.warn({ err }, 'live stream session check failed'),
  })
  await hub.start()
  hub.watch((topics) => snapshots.invalidate(topics))
  announce = (topics) => hub.announce(topics)
  app.addHook('preClose', async () => hub.stop())
  // Job workers and timers are not started here: main.ts (and the test context) starts them with
  // startBackgroundWork (src/background.ts), from what this hands over.
  app.decorate('background', {
    config,
    db,
    jobs,
    services: { auth, applicants, applicantAuth, email, github, sms, submissions },
  })
  registerAuth(app, { config, auth, applicantAuth })

  await app.register(healthRoutes, { database, version: VERSION })
  await app.register(metricsRoutes, {
    registry: createMetrics(app, db, database.memoryBytes),
    config,
  })
  await app.register(authRoutes, { config, auth, sso, portal })
  await app.register(staffRoutes, { staff })
  await app.register(emailRoutes, { email })
  await app.register(applicantsRoutes, { applicants })
  await app.register(applicantAuthRoutes, { applicantAuth })
  await app.register(applicantPortalRoutes, { portal, applicantAuth })
  await app.register(filesRoutes, { files: createFilesService({ db }) })
  await app.register(roundsRoutes, { rounds })
  await app.register(submissionsRoutes, { submissions })
  await app.register(answersRoutes, { answers })
  await app.register(exportsRoutes, { exports })
  await app.register(uploadsRoutes, { uploads })
  await app.register(dashboardRoutes, { dashboard })
  await app.register(liveRoutes, { hub })
  await app.register(githubRoutes, { github })
  await app.register(reviewsRoutes, { reviews })

  await registerWebApp(app, config.webDistDir)
  return app
}
