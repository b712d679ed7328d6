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

/** File types a requirement's template may have (SPEC section 5), by extension. */
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

const requirementInput = z.object({
  description: z.string().trim().max(MAX.text, 'Requirement description is too long'),
  templateFileId: z.uuid('Not a valid file').nullable().optional(),
})

/**
 * Older data held a plain string or a single object instead of a list (SPEC section 3): both are
 * read as a list. Requirements without a description are dropped (SPEC section 5).
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

/** POST /api/rounds and PUT /api/rounds/{id}: the round form (SPEC section 5, "Round form"). */
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
    /** The SPEC's client sends "0" on create; participants are counted by the server. */
    currentParticipants: z.union([z.string(), z.number()]).optional(),
  })
  .refine((r) => !r.startTime || !r.endTime || new Date(r.endTime) > new Date(r.startTime), {
    message: ROUND_MESSAGES.endBeforeStart,
    path: ['endTime'],
  })
  .meta({ id: 'RoundRequest' })
export type RoundInput = z.input<typeof roundInput>

export const round = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    status: z.enum(ROUND_STATUSES),
    startTime: isoDateTime.nullable(),
    endTime: isoDateTime.nullable(),
    maxParticipants: z.number().int().nullable(),
    requirements: z.array(
      z.object({ id: z.uuid(), description: z.string(), template: storedFile.nullable() }),
    ),
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

export const roundList = z.object({ rounds: z.array(round) }).meta({ id: 'RoundList' })

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
  foreignDocuments: 'The selected documents do not belong to this stage',
  changedMeanwhile: 'Your submission changed while this one was being saved. Please submit again.',
} as const

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
    documents: z.array(z.uuid('Not a valid document')).max(50).default([]),
  })
  .meta({ id: 'SubmitStageRequest' })
export type SubmitStageInput = z.input<typeof submitStageInput>

export const submissionVersion = z.object({
  githubUrl: z.string(),
  documents: z.array(z.string()),
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
