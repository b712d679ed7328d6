import type { FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import type { Db } from './db/client.js'
import type { JobQueue } from './jobs/queue.js'
import type { ApplicantAuthService } from './modules/applicant-auth/applicant-auth.service.js'
import type { ApplicantsService } from './modules/applicants/applicants.service.js'
import type { AuthService } from './modules/auth/auth.service.js'
import { startEmailWorker, type EmailServiceApi } from './modules/email/email.service.js'
import { startGitHubWorkers, type GitHubService } from './modules/github/github.service.js'
import { sweepClosedWindows } from './modules/limits/limits.service.js'
import type { SmsService } from './modules/sms/sms.service.js'
import {
  startSubmissionWorkers,
  type SubmissionsService,
} from './modules/submissions/submissions.service.js'

/** The services whose work goes on apart from requests; buildApp creates them and hands them here. */
export interface BackgroundServices {
  auth: AuthService
  applicants: ApplicantsService
  applicantAuth: ApplicantAuthService
  email: EmailServiceApi
  github: GitHubService
  sms: SmsService
  submissions: SubmissionsService
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What startBackgroundWork starts: set by buildApp, used by nothing else. */
    background: { config: Config; db: Db; jobs: JobQueue; services: BackgroundServices }
  }
}

/**
 * Everything the server does besides answering requests, started in one place: the job queues and
 * their workers (emails, sign-in codes, texts, GitHub checks, receipts) and the timers (the email
 * outbox sweep, the hourly sweeps). buildApp only builds: main.ts starts this once the app is
 * built, and the test context does the same. Called before the app is ready (it adds an onClose
 * hook), and stopped when the app closes. The queues are declared here, so whatever sends a job
 * needs this started (docs/architecture.md#background-work).
 */
export async function startBackgroundWork(app: FastifyInstance): Promise<void> {
  const { config, db, jobs, services } = app.background
  const emailWorker = await startEmailWorker(jobs, services.email, config, (err) =>
    app.log.warn({ err }, 'email sweep failed'),
  )
  app.addHook('onClose', async () => emailWorker.stop())
  await startGitHubWorkers(jobs, services.github, config)
  await startSubmissionWorkers(jobs, services.submissions)
  await services.sms.start()
  await services.applicantAuth.start()
  // Expired sessions, abandoned sign-ins and closed limit windows are swept hourly by every
  // instance; the work is idempotent.
  const sweep = setInterval(() => {
    services.auth.sweepExpired().catch((err) => app.log.warn({ err }, 'session sweep failed'))
    sweepClosedWindows(db).catch((err) => app.log.warn({ err }, 'limit sweep failed'))
    services.applicants
      .sweepRegistrationKeys()
      .catch((err) => app.log.warn({ err }, 'registration key sweep failed'))
  }, 3_600_000)
  sweep.unref()
  app.addHook('onClose', async () => clearInterval(sweep))
}
