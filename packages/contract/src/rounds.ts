import { z } from 'zod'
import { repositoryCheck } from './github.js'
import { MAX, isoDateTime } from './common.js'
import { ROUND_STATUSES, SUBMISSION_STATUSES } from './constants.js'

export const ROUND_MESSAGES = {
  nameRequired: 'Round name is required',
  descriptionRequired: 'Description is required',
  requirementRequired: 'At least one requirement is required',
  requirementDescriptionRequired: 'Requirement description is required',
  endBeforeStart: 'The end time must be after the start time',
  added: 'Competition round added successfully',
  updated: 'Competition round updated successfully',
  deleted: 'Competition round deleted successfully',
  addFailed: 'Failed to add competition round',
  updateFailed: 'Failed to update competition round',
  deleteFailed: 'Failed to delete competition round',
  notFound: 'Competition round not found',
} as const

/**
 * File types a requirement's template may have (docs/product/rounds.md#requirements), by extension.
 */
export const TEMPLATE_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'zip', 'ppt', 'pptx'] as const
export const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024

export const storedFile = z
  .object({
    id: z.uuid(),
    name: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    url: z.string(),
  })
  .meta({ id: 'StoredFile' })
export type StoredFile = z.infer<typeof storedFile>

/** What a requirement takes from the applicant (docs/product/rounds.md#requirements). */
export const REQUIREMENT_KINDS = ['file', 'link', 'text'] as const
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number]
export const REQUIREMENT_KIND_LABELS: Record<RequirementKind, string> = {
  file: 'File upload',
  link: 'Link',
  text: 'Short text',
}

/** File types an answer may have, by extension; each is checked by its content too. */
export const ANSWER_FILE_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'txt',
  'zip',
  'png',
  'jpg',
  'mp4',
] as const
export type AnswerFileExtension = (typeof ANSWER_FILE_EXTENSIONS)[number]
/** A new file requirement's types, unless the organizer chooses others. */
export const DEFAULT_ANSWER_FILE_TYPES: AnswerFileExtension[] = [
  'pdf',
  'ppt',
  'pptx',
  'doc',
  'docx',
]
/** The largest answer file a requirement may allow, and its default. */
export const ANSWER_MAX_MB = 25
export const ANSWER_DEFAULT_MB = 10
/** The longest short-text answer. */
export const ANSWER_TEXT_MAX = 5000

const requirementInput = z
  .object({
    /** The requirement's id when editing: it keeps its identity, whatever its place in the list. */
    id: z.uuid('Not a valid requirement').optional(),
    description: z.string().trim().max(MAX.text, 'Requirement description is too long'),
    templateFileId: z.uuid('Not a valid file').nullable().optional(),
    kind: z.enum(REQUIREMENT_KINDS, 'Choose what the requirement takes').default('file'),
    required: z.boolean().default(true),
    fileTypes: z
      .array(z.enum(ANSWER_FILE_EXTENSIONS, 'Not a file type answers may have'))
      .max(ANSWER_FILE_EXTENSIONS.length)
      .optional(),
    maxSizeMb: z.coerce
      .number()
      .int('The size limit is a whole number of MB')
      .min(1, 'The size limit is at least 1 MB')
      .max(ANSWER_MAX_MB, `The size limit is at most ${ANSWER_MAX_MB} MB`)
      .optional(),
  })
  .refine((r) => r.kind !== 'file' || r.fileTypes === undefined || r.fileTypes.length > 0, {
    message: 'Choose at least one file type',
    path: ['fileTypes'],
  })

/**
 * Older data held a plain string or a single object instead of a list: both are read as a list.
 * Requirements without a description are dropped (docs/product/rounds.md#requirements).
 */
const requirementsField = z.preprocess(
  (value) => {
    const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]
    return list
      .map((item) => (typeof item === 'string' ? { description: item } : item))
      .filter(
        (item) =>
          !(
            item &&
            typeof item === 'object' &&
            typeof item.description === 'string' &&
            item.description.trim() === ''
          ),
      )
  },
  z
    .array(requirementInput)
    .min(1, ROUND_MESSAGES.requirementRequired)
    .max(50, 'At most 50 requirements'),
)

const optionalTime = z
  .union([isoDateTime, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null))

/** POST /api/rounds and PUT /api/rounds/{id}: the round form (docs/product/rounds.md#the-form). */
export const roundInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, ROUND_MESSAGES.nameRequired)
      .max(MAX.name, 'Round name is too long'),
    description: z
      .string()
      .trim()
      .min(1, ROUND_MESSAGES.descriptionRequired)
      .max(MAX.text, 'Description is too long'),
    status: z.enum(ROUND_STATUSES),
    startTime: optionalTime,
    endTime: optionalTime,
    maxParticipants: z
      .union([
        z.coerce.number().int().min(1, 'Max participants must be at least 1').max(10_000_000),
        z.literal(''),
        z.null(),
      ])
      .optional()
      .transform((value) => (typeof value === 'number' ? value : null)),
    requirements: requirementsField,
    prizes: z
      .array(z.string().max(500, 'A prize is too long'))
      .max(50, 'At most 50 prizes')
      .default([])
      .transform((list) => list.map((p) => p.trim()).filter(Boolean)),
    /**
     * The web app sends "0" on create; participants are counted by the server
     * (docs/product/api.md).
     */
    currentParticipants: z.union([z.string(), z.number()]).optional(),
    /** The stage number (1 is the first round); a new round goes last when it is left out. */
    position: z.coerce
      .number()
      .int('The stage number is a whole number')
      .min(1, 'The stage number is at least 1')
      .max(1000, 'The stage number is at most 1000')
      .optional(),
  })
  .refine((r) => !r.startTime || !r.endTime || new Date(r.endTime) > new Date(r.startTime), {
    message: ROUND_MESSAGES.endBeforeStart,
    path: ['endTime'],
  })
  .meta({ id: 'RoundRequest' })
export type RoundInput = z.input<typeof roundInput>

export const roundRequirement = z
  .object({
    id: z.uuid(),
    description: z.string(),
    template: storedFile.nullable(),
    kind: z.enum(REQUIREMENT_KINDS),
    required: z.boolean(),
    /** For a file requirement: the extensions an answer may have, and its size limit. */
    fileTypes: z.array(z.enum(ANSWER_FILE_EXTENSIONS)),
    maxSizeMb: z.number().int(),
  })
  .meta({ id: 'RoundRequirement' })
export type RoundRequirement = z.infer<typeof roundRequirement>

/** What every answer about a round, staff's and the applicant's, starts with. */
export const roundFields = {
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  status: z.enum(ROUND_STATUSES),
  startTime: isoDateTime.nullable(),
  endTime: isoDateTime.nullable(),
}

export const round = z
  .object({
    ...roundFields,
    maxParticipants: z.number().int().nullable(),
    /** The stage number: rounds run in this order (docs/product/pipeline.md#order). */
    position: z.number().int(),
    requirements: z.array(roundRequirement),
    prizes: z.array(z.string()),
    currentParticipants: z.number().int(),
    totalColleges: z.number().int(),
    submissionCount: z.number().int(),
    totalInvitees: z.number().int().nullable(),
    ideasSubmitted: z.number().int().nullable(),
    prototypesApproved: z.number().int().nullable(),
    projectsApproved: z.number().int().nullable(),
    solutionsToBeBuilt: z.number().int().nullable(),
  })
  .meta({ id: 'Round' })
export type Round = z.infer<typeof round>

/** What the rounds page warns about: a round left active past its end, two open at once, dates out of order. */
export const ROUND_WARNING_CODES = [
  'ACTIVE_PAST_END',
  'SEVERAL_OPEN',
  'DATES_OUT_OF_ORDER',
] as const
export const roundWarning = z
  .object({
    roundId: z.uuid(),
    code: z.enum(ROUND_WARNING_CODES),
    message: z.string(),
  })
  .meta({ id: 'RoundWarning' })
export type RoundWarning = z.infer<typeof roundWarning>

export const roundList = z
  .object({ rounds: z.array(round), warnings: z.array(roundWarning) })
  .meta({ id: 'RoundList' })

/** DELETE /api/rounds/{id}?force=true also deletes the round's submissions (docs/decisions/009). */
export const deleteRoundQuery = z.object({ force: z.enum(['true', 'false']).optional() })

export const GITHUB_URL_PATTERN =
  /^https:\/\/github\.com\/[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}\/?$/
export const SUBMISSION_MESSAGES = {
  urlRequired: 'GitHub repository URL is required',
  urlInvalid:
    'Please enter a valid GitHub repository URL (e.g., https://github.com/username/repository)',
  stageRequired: 'The stage id is required',
  received: 'Your submission has been received.',
  updated: 'Your submission has been updated.',
  notFound: 'Stage not found',
  expired: 'This stage has expired and no longer accepts submissions.',
  inactive: 'This stage is not currently active for submissions.',
  mustBeSelected:
    'You are not eligible to submit for this stage: you must be selected for the hackathon first.',
  /** A locked round names the round the applicant must advance from (it keeps "must be selected"). */
  lockedBehind: (roundName: string) =>
    `You are not eligible to submit for this stage: you must be selected in ${roundName} first.`,
  notOpenYet: 'This stage is not currently active for submissions: it has not opened yet.',
  closed: 'This stage is closed and no longer accepts submissions.',
  decided:
    'You are not eligible to submit for this stage: the jury has already decided on your entry in it.',
  answerMissing: (description: string) => `Please answer "${description}": it is required.`,
  answerForeign: 'An answer does not belong to a requirement of this stage',
  answerKind: (description: string, kind: string) =>
    `"${description}" takes a ${kind === 'file' ? 'file' : kind === 'link' ? 'link' : 'text'} as its answer`,
  answerFileMissing: 'An uploaded file is no longer available: upload it again.',
  answerFileTooLarge: (description: string, maxSizeMb: number) =>
    `File Too Large: "${description}" takes files up to ${maxSizeMb} MB.`,
  foreignDocuments: 'The selected documents do not belong to this stage',
  changedMeanwhile: 'Your submission changed while this one was being saved. Please submit again.',
  tooMany:
    'You have submitted many times in a short while. Your last submission is kept; please wait a few minutes before changing it again.',
} as const

/**
 * One answer: a file uploaded first (POST /api/applicant/answer-files), a link or a short text,
 * as the requirement's kind says. Exactly one of the three.
 */
export const answerInput = z
  .object({
    requirementId: z.uuid('Not a valid requirement'),
    fileId: z.uuid('Not a valid file').optional(),
    url: z
      .string()
      .trim()
      .max(MAX.url, 'This link is too long')
      .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'Enter a link that starts with https://')
      .optional(),
    text: z
      .string()
      .trim()
      .max(ANSWER_TEXT_MAX, `At most ${ANSWER_TEXT_MAX} characters`)
      .optional(),
  })
  .refine((a) => [a.fileId, a.url, a.text].filter((v) => v !== undefined).length === 1, {
    message: 'An answer is a file, a link or a text: exactly one of them',
  })
  .meta({ id: 'AnswerRequest' })
export type AnswerInput = z.input<typeof answerInput>

/** An answer as it was given: the requirement it answers (as it read then) and its value. */
export const submissionAnswer = z
  .object({
    requirementId: z.uuid(),
    description: z.string(),
    kind: z.enum(REQUIREMENT_KINDS),
    /** False when the requirement was removed from the round later: the answer stays. */
    current: z.boolean(),
    file: z
      .object({ id: z.uuid(), name: z.string(), size: z.number().int(), url: z.string() })
      .nullable(),
    url: z.string().nullable(),
    text: z.string().nullable(),
  })
  .meta({ id: 'SubmissionAnswer' })
export type SubmissionAnswer = z.infer<typeof submissionAnswer>

/** POST /api/applicant/submit-stage (bearer). */
export const submitStageInput = z
  .object({
    stageId: z.uuid(SUBMISSION_MESSAGES.stageRequired),
    githubUrl: z
      .string()
      .trim()
      .min(1, SUBMISSION_MESSAGES.urlRequired)
      .max(300, SUBMISSION_MESSAGES.urlInvalid)
      .regex(GITHUB_URL_PATTERN, SUBMISSION_MESSAGES.urlInvalid),
    /** The chosen document ids (kept for older clients): each must be a requirement of the stage. */
    documents: z.array(z.uuid('Not a valid document')).max(50).default([]),
    /** The applicant's answer to each requirement (docs/product/submissions.md#answers). */
    answers: z.array(answerInput).max(50, 'At most 50 answers').default([]),
  })
  .meta({ id: 'SubmitStageRequest' })
export type SubmitStageInput = z.input<typeof submitStageInput>

export const submissionVersion = z.object({
  githubUrl: z.string(),
  documents: z.array(z.string()),
  /** The answers as they were (empty for versions saved before answers existed). */
  answers: z.array(submissionAnswer),
  submittedAt: isoDateTime,
})

/** A submission as the jury sees it: the work, the person, and every earlier version. */
export const staffSubmission = z
  .object({
    id: z.uuid(),
    status: z.enum(SUBMISSION_STATUSES),
    githubUrl: z.string(),
    submittedAt: isoDateTime.nullable(),
    round: z.object({ id: z.uuid(), name: z.string() }),
    applicant: z.object({
      id: z.uuid(),
      name: z.string(),
      registrationId: z.string(),
      collegeName: z.string(),
      status: z.string(),
    }),
    documents: z.array(z.object({ name: z.string(), url: z.string().nullable() })),
    answers: z.array(submissionAnswer),
    versions: z.array(submissionVersion),
    repository: repositoryCheck.nullable(),
    /** For a jury member: whether it is assigned to them, and their own review's state. */
    myReview: z
      .object({
        assigned: z.boolean(),
        total: z.number().nullable(),
        savedAt: isoDateTime.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'StaffSubmission' })
export type StaffSubmission = z.infer<typeof staffSubmission>

export const staffSubmissionList = z
  .object({
    submissions: z.array(staffSubmission),
    total: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'StaffSubmissionList' })

export const staffSubmissionQuery = z.object({
  roundId: z.uuid().optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
})
