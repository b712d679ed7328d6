import { z } from 'zod'
import { repositoryCheck } from './github.js'
import { applicant, applicantStatus } from './applicants.js'
import { isoDateTime } from './common.js'
import { countOf } from './exports.js'
import { SUBMISSION_STATUSES } from './constants.js'
import { PIPELINE_STATES, STAGE_ACCESS } from './pipeline.js'
import { roundFields, roundRequirement, submissionAnswer } from './rounds.js'

/** POST /api/applicant/send-otp: an email address or a mobile number. */
export const sendOtpInput = z
  .object({
    identifier: z
      .string()
      .trim()
      .min(1, 'Please enter your email or mobile number')
      .max(254, 'This is too long to be an email or mobile number'),
  })
  .meta({ id: 'SendOtpRequest' })
export type SendOtpInput = z.infer<typeof sendOtpInput>

/** POST /api/applicant/verify-otp. */
export const verifyOtpInput = z
  .object({
    identifier: z
      .string()
      .trim()
      .min(1, 'Please enter your email or mobile number')
      .max(254, 'This is too long to be an email or mobile number'),
    otp: z
      .string()
      .trim()
      .min(1, 'Please enter the OTP')
      .regex(/^\d{6}$/, 'The code has 6 digits'),
  })
  .meta({ id: 'VerifyOtpRequest' })
export type VerifyOtpInput = z.infer<typeof verifyOtpInput>

export const verifyOtpResponse = z
  .object({ sessionToken: z.string(), applicant })
  .meta({ id: 'ApplicantSession' })
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponse>

export const OTP_MESSAGES = {
  /** The same answer whether or not the identifier belongs to anyone. */
  sent: 'If this email or mobile number is registered, a 6-digit code is on its way to the email address we have for it. It expires in 10 minutes.',
  invalid: 'Invalid or expired code. Check the latest email or request a new code.',
  tooSoon: 'Please wait a minute before requesting another code.',
  tooMany: 'Too many codes requested. Please try again later.',
  /** After OTP_MAX_ATTEMPTS wrong tries even the right code fails: said as such (issue 22). */
  usedUp: 'This code has been used up after 5 wrong tries. Ask for a new code.',
  sendFailed: 'Failed to send OTP',
  verifyFailed: 'Invalid OTP',
} as const

/** The error code of a code used up by wrong tries, so the page can offer a new one. */
export const OTP_USED_UP = 'OTP_USED_UP'

/** OTP_MESSAGES.usedUp for the configured OTP_MAX_ATTEMPTS. */
export const otpUsedUpMessage = (tries: number) =>
  `This code has been used up after ${countOf(tries, 'wrong try', 'wrong tries')}. Ask for a new code.`

/**
 * The answer to a code request with the configured lifetime (OTP_TTL_MINUTES); for the default
 * 10 minutes it is OTP_MESSAGES.sent word for word.
 */
export const otpSentMessage = (minutes: number) =>
  OTP_MESSAGES.sent.replace('10 minutes', countOf(minutes, 'minute', 'minutes'))

/**
 * A stage (round) as an applicant sees it, with whether it is open to them
 * (docs/product/pipeline.md#access).
 */
export const applicantRound = z
  .object({
    ...roundFields,
    /** The stage number. */
    position: z.number().int(),
    requirements: z.array(roundRequirement),
    prizes: z.array(z.string()),
    /** A later round is Locked until the applicant is advanced into it. */
    locked: z.boolean(),
    /** Whether the applicant can submit here now, and when not, why (docs/product/pipeline.md#access). */
    access: z.enum(STAGE_ACCESS),
    /** The reason in words, for the applicant. */
    accessMessage: z.string(),
    /** Where the applicant stands in this round; null when it is not (yet) theirs. */
    state: z.enum(PIPELINE_STATES).nullable(),
    submission: z.object({ id: z.uuid(), submittedAt: isoDateTime.nullable() }).nullable(),
  })
  .meta({ id: 'ApplicantRound' })
export type ApplicantRound = z.infer<typeof applicantRound>

export const applicantRounds = z
  .object({ rounds: z.array(applicantRound) })
  .meta({ id: 'ApplicantRounds' })

export const progressItem = z
  .object({
    id: z.string(),
    description: z.string(),
    status: z.enum(['completed', 'pending']),
    completedAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'ProgressItem' })
export type ProgressItem = z.infer<typeof progressItem>

export const historyItem = z
  .object({ id: z.string(), description: z.string(), at: isoDateTime })
  .meta({ id: 'HistoryItem' })
export type HistoryItem = z.infer<typeof historyItem>

/** GET /api/applicant/dashboard (docs/product/screens.md#applicant-dashboard). */
export const applicantDashboard = z
  .object({
    applicant,
    currentStatus: applicantStatus,
    requiresConfirmation: z.boolean(),
    activeRounds: z.array(applicantRound),
    progress: z.array(progressItem),
    /** Every round in stage order, each with its state for this applicant. */
    rounds: z.array(applicantRound),
    /** What happened, oldest first: registration, submissions, decisions, confirmations. */
    history: z.array(historyItem),
  })
  .meta({ id: 'ApplicantDashboard' })
export type ApplicantDashboard = z.infer<typeof applicantDashboard>

export const submissionDocument = z.object({ id: z.uuid(), name: z.string() })

export const applicantSubmission = z
  .object({
    id: z.uuid(),
    stageId: z.uuid(),
    stageName: z.string(),
    status: z.enum(SUBMISSION_STATUSES),
    githubUrl: z.string(),
    documents: z.array(z.object({ name: z.string(), url: z.string() })),
    answers: z.array(submissionAnswer),
    createdAt: isoDateTime,
    submittedAt: isoDateTime.nullable(),
    /** Earlier versions, newest first: what was submitted before each resubmission. */
    versions: z.array(
      z.object({
        githubUrl: z.string(),
        documents: z.array(z.string()),
        answers: z.array(submissionAnswer),
        submittedAt: isoDateTime,
      }),
    ),
    /** The pinned and, after the deadline, the frozen commit (null for submissions made before issue 10). */
    repository: repositoryCheck.nullable(),
  })
  .meta({ id: 'ApplicantSubmission' })
export type ApplicantSubmission = z.infer<typeof applicantSubmission>

export const applicantSubmissions = z
  .object({ submissions: z.array(applicantSubmission) })
  .meta({ id: 'ApplicantSubmissions' })

/** A stage's documents: the round's requirements (docs/product/rounds.md#requirements). */
export const stageDocument = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    isRequired: z.boolean(),
    fileType: z.string().nullable(),
    fileUrl: z.string().nullable(),
    /** What the answer is: a file (of these types, up to this size), a link or a short text. */
    kind: z.enum(['file', 'link', 'text']),
    fileTypes: z.array(z.string()),
    maxSizeMb: z.number().int(),
  })
  .meta({ id: 'StageDocument' })
export type StageDocument = z.infer<typeof stageDocument>

export const stageDocuments = z
  .object({ documents: z.array(stageDocument) })
  .meta({ id: 'StageDocuments' })

export const stageIdParam = z.object({ stageId: z.uuid('Stage not found') })

/** A file an applicant uploaded as an answer, before it is part of a submission. */
export const answerFile = z
  .object({ id: z.uuid(), name: z.string(), size: z.number().int(), contentType: z.string() })
  .meta({ id: 'AnswerFile' })
export type AnswerFile = z.infer<typeof answerFile>

export const answerFileQuery = z.object({ requirementId: z.uuid('Not a valid requirement') })

/** Progress (docs/product/pipeline.md#progress): the status's place in this list over 5, or 0. */
export function progressPercent(status: string): number {
  const steps = ['registered', 'selected', 'confirmed', 'submitted', 'reviewed']
  const index = steps.indexOf(status)
  return index < 0 ? 0 : ((index + 1) / steps.length) * 100
}
