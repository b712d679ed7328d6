import { randomInt } from 'node:crypto'
import type { Applicant } from '@hackathon/contract'
import {
  OTP_MESSAGES,
  OTP_USED_UP,
  countOf,
  otpSentMessage,
  otpUsedUpMessage,
} from '@hackathon/contract'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { canonicalMobile } from '../../lib/mobile-number.js'
import { hashToken, newToken, sameSecret } from '../../lib/secrets.js'
import { AppError } from '../../plugins/app-error.js'
import { toApplicant } from '../applicants/applicants.service.js'
import type { EmailServiceApi } from '../email/email.service.js'
import { takeSlots, tryTakeSlots, type Limit } from '../limits/limits.service.js'
import type { SmsService } from '../sms/sms.service.js'
import * as repo from './applicant-auth.repo.js'

export const OTP_QUEUE = 'otp.issue'

export interface ApplicantActor {
  kind: 'applicant'
  id: string
  sessionId: string
}

/**
 * Email without case, a mobile number in its canonical form: "+91 98765 43210", "09876543210" and
 * "919876543210" are one, "+919876543210" (docs/decisions/019-mobile-numbers.md). Anything else
 * as typed, which names nobody but an applicant whose old number was never a phone number.
 */
const identifierKey = (identifier: string, defaultCountryCode: string) =>
  identifier.includes('@')
    ? identifier.trim().toLowerCase()
    : (canonicalMobile(identifier, defaultCountryCode) ?? identifier.trim())

export type ApplicantAuthService = ReturnType<typeof createApplicantAuthService>

export function createApplicantAuthService(deps: {
  db: Db
  config: Config
  jobs: JobQueue
  secrets: SecretBox
  email: EmailServiceApi
  sms: SmsService
}) {
  const { db, config, jobs, secrets, email, sms } = deps
  const codeHash = (applicantId: string, code: string) => secrets.mac(`${applicantId}:${code}`)
  const keyOf = (identifier: string) => identifierKey(identifier, config.defaultCountryCode)

  /** The job behind requestCode: a fresh code for the applicant, if there is one, by email (and SMS). */
  async function issueCode(identifier: string): Promise<void> {
    const applicant = await repo.findByIdentifier(db, keyOf(identifier))
    if (!applicant) return
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const minutes = Math.round(config.otp.ttlMs / 60_000)
    // Codes an hour per person, whichever spelling of their email or number asked: counted in
    // the transaction that issues the code, so a failed attempt that is retried counts once. Over
    // the limit nothing is sent, and the request's answer was the same anyway.
    const perApplicant: Limit = {
      key: `otp:applicant:${applicant.id}`,
      max: config.otp.maxPerHour,
      windowMs: 3_600_000,
    }
    await db.transaction(async (tx) => {
      if (!(await tryTakeSlots(tx, [perApplicant]))) return
      await repo.retireCodes(tx, applicant.id)
      await repo.insertCode(tx, {
        applicantId: applicant.id,
        codeHash: codeHash(applicant.id, code),
        ttlMs: config.otp.ttlMs,
      })
      await email.queue(tx, applicant.email, 'one-time-code', {
        name: applicant.name,
        code,
        minutes,
      })
      await sms.queue(
        tx,
        applicant.mobile,
        `${code} is your ${config.eventName} sign-in code. It expires in ${countOf(minutes, 'minute', 'minutes')}.`,
      )
    })
  }

  return {
    /** The answer to a code request, with the configured lifetime (OTP_TTL_MINUTES). */
    sentMessage: otpSentMessage(Math.round(config.otp.ttlMs / 60_000)),

    /**
     * Asks for a code. The request only checks the limits and queues the work, identically for
     * every identifier, so neither the answer nor its timing says whether anyone is registered
     * under it (docs/decisions/008-applicant-sign-in.md). The limits are keyed by the identifier as
     * typed, existing or not, for the same reason; the job counts codes per applicant too.
     */
    async requestCode(identifier: string, address: string): Promise<void> {
      const key = keyOf(identifier)
      const resend: Limit = {
        key: `otp:resend:${key}`,
        max: 1,
        windowMs: config.otp.resendMs,
        message: OTP_MESSAGES.tooSoon,
      }
      const hourly: Limit = {
        key: `otp:hour:${key}`,
        max: config.otp.maxPerHour,
        windowMs: 3_600_000,
      }
      const perAddress: Limit = {
        key: `otp:address:${address}`,
        max: config.otp.maxPerAddressPerHour,
        windowMs: 3_600_000,
      }
      await takeSlots(
        db,
        config.otp.resendMs > 0 ? [hourly, perAddress, resend] : [hourly, perAddress],
        OTP_MESSAGES.tooMany,
      )
      await jobs.send(db, OTP_QUEUE, { identifier })
    },

    issueCode,

    /**
     * Checks a code: at most OTP_MAX_ATTEMPTS tries per code, each counted before the comparison,
     * then it is dead; a right one works once and opens a bearer session. Every failure gets the
     * same answer, except a code whose tries are spent, which is said to be used up (issue 22: the
     * right code then failed like a typo); every failure counts against the client address.
     */
    async verify(
      identifier: string,
      otp: string,
      address: string,
    ): Promise<{ sessionToken: string; applicant: Applicant }> {
      const perAddress: Limit = {
        key: `otp-verify:address:${address}`,
        max: config.otp.verifyMaxPerAddressPerHour,
        windowMs: 3_600_000,
      }
      const slot = await takeSlots(db, [perAddress], OTP_MESSAGES.tooMany)
      const applicant = await repo.findByIdentifier(db, keyOf(identifier))
      const code = applicant && (await repo.takeTry(db, applicant.id, config.otp.maxAttempts))
      if (applicant && !code && (await repo.isOutOfTries(db, applicant.id, config.otp.maxAttempts)))
        throw new AppError(401, otpUsedUpMessage(config.otp.maxAttempts), OTP_USED_UP)
      if (
        !applicant ||
        !code ||
        !sameSecret(code.codeHash, codeHash(applicant.id, otp)) ||
        !(await repo.consumeCode(db, code.id))
      )
        throw new AppError(401, OTP_MESSAGES.invalid)
      // Only failures count against the address: a campus behind one address signs in all day.
      await slot.release()
      const sessionToken = newToken()
      await repo.insertSession(db, {
        applicantId: applicant.id,
        tokenHash: hashToken(sessionToken),
        absoluteMs: config.applicantSessions.absoluteMs,
      })
      return { sessionToken, applicant: toApplicant(applicant) }
    },

    /** The applicant behind a bearer token, or null. */
    async resolveSession(token: string): Promise<ApplicantActor | null> {
      const session = await repo.findLiveSession(
        db,
        hashToken(token),
        config.applicantSessions.idleMs,
      )
      if (!session) return null
      if (session.needsTouch) await repo.touchSession(db, session.id)
      return { kind: 'applicant', id: session.applicantId, sessionId: session.id }
    },

    logout: (actor: ApplicantActor) => repo.deleteSession(db, actor.sessionId),

    async start(): Promise<void> {
      await jobs.createQueue(OTP_QUEUE, { retryLimit: 3, retryDelay: 2, expireInSeconds: 60 })
      await jobs.workEach<{ identifier: string }>(
        OTP_QUEUE,
        { pollingIntervalSeconds: 0.5, batchSize: 10 },
        (job) => issueCode(job.data.identifier),
      )
    },
  }
}
