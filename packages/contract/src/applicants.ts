import { z } from 'zod'
import { MAX, isoDateTime } from './common.js'
import {
  APPLICANT_STATUSES,
  EDITABLE_APPLICANT_STATUSES,
  GRADUATION_YEARS,
  LIMITS,
  PUBLIC_COURSES,
} from './constants.js'

const requiredText = (message: string, max: number = MAX.name) =>
  z.string().trim().min(1, message).max(max, 'This value is too long')

const email = (message: string) =>
  z
    .string()
    .trim()
    .max(MAX.email, 'Email address is too long')
    .pipe(z.email(message))
    .transform((value) => value.toLowerCase())

const digitsIn = (value: string) => value.replace(/\D/g, '').length

/**
 * A mobile number as people write it: digits, with spaces, dashes, dots or brackets, and a + in
 * front; 10 to 15 digits. A tiny rule, so the browser carries no phone-number library; the server
 * then gives the number its one canonical form or refuses it (docs/product/registration.md#mobile-numbers).
 */
const mobile = z
  .string()
  .trim()
  .max(30, 'Mobile number is too long')
  .regex(
    /^\+?[\d\s().-]*$/,
    'Mobile number can only contain digits, spaces, dashes, dots, brackets and a leading +',
  )
  .refine(
    (value) => digitsIn(value) >= LIMITS.mobileMin,
    'Mobile number must be at least 10 digits',
  )
  // E.164's most; not in LIMITS, whose every byte the landing page's bundle carries.
  .refine((value) => digitsIn(value) <= 15, 'Mobile number must be at most 15 digits')

/** The server's answer to a number of the right shape that no country has (its full check). */
export const mobileNotAPhoneNumber = (defaultCountryCode: string) =>
  `Mobile number is not a valid phone number. Check its digits; a number from outside +${defaultCountryCode} starts with + and its country code.`

/**
 * Text a mail client would turn into a link, or that reads as one: "http", "www.", "://", an
 * email address, a domain ("payfee.in", "x.yz/..."). Emails quote the recipient's name, so a
 * name may not carry one (docs/product/registration.md#names).
 */
export const looksLikeLink = (text: string) =>
  /http|www\.|:\/\/|@|\w\w\.[a-z]{2}|\.\w+\//i.test(text)

const linkFree = (text: string) => !looksLikeLink(text)
const NAME_LINK_MESSAGE = 'Name cannot contain a link, an email address or a web address'

/** Empty (no profile) or an http(s) URL. */
const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(MAX.url, 'This link is too long')
    .refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), message)
    .optional()
    .transform((value) => value || undefined)

/*
 * Each applicant field's rule, written once and used by the forms and the server alike: what a
 * form offers is what the server takes (docs/product/registration.md#fields).
 */

/** A year from the form's list ("2024" to "2028" on the public form), as the form offers it. */
const graduationYear = (years: readonly string[]) =>
  z
    .string()
    .trim()
    .min(1, 'Year of graduation is required')
    .refine(
      (value) => years.includes(value),
      `Year of graduation must be a year from ${years[0]} to ${years[years.length - 1]}`,
    )

/** One of the public form's courses. */
const publicCourse = z
  .string()
  .trim()
  .min(1, 'Course is required')
  .refine(
    (value) => (PUBLIC_COURSES as readonly string[]).includes(value),
    `Course must be one of: ${PUBLIC_COURSES.join(', ')}`,
  )

const personName = requiredText('Name is required').refine(linkFree, NAME_LINK_MESSAGE)

/** POST /api/register: the public form (docs/product/registration.md#the-forms). */
export const registrationInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(LIMITS.nameMin, 'Name must be at least 2 characters')
      .max(MAX.name, 'Name is too long')
      .refine(linkFree, NAME_LINK_MESSAGE),
    email: email('Invalid email address'),
    mobile,
    studentId: requiredText('Student ID is required', 100),
    course: publicCourse,
    yearOfGraduation: graduationYear(GRADUATION_YEARS.publicForm),
    collegeName: requiredText('College name is required'),
    // A link staff will open: a web address, as on the other forms (issue 22).
    linkedinProfile: optionalUrl('Invalid LinkedIn URL'),
  })
  .meta({ id: 'RegistrationRequest' })
export type RegistrationInput = z.input<typeof registrationInput>

export const registrationResponse = z
  .object({
    registrationId: z.string(),
    /**
     * Whether the confirmation email will go out: false while email notifications are off, so
     * the success screen promises none (issue 22).
     */
    confirmationEmail: z.boolean(),
  })
  .meta({ id: 'Registration' })
export type RegistrationResponse = z.infer<typeof registrationResponse>

/**
 * POST /api/register's optional Idempotency-Key: one per attempt of the form (a random UUID), the
 * same on its automatic retries. A retry with the same key and body gets the original answer.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
export const registrationHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(
      /^[\x21-\x7e]{8,200}$/,
      'Idempotency-Key must be 8 to 200 visible characters, such as a UUID',
    )
    .optional()
    .meta({
      description:
        'One per registration attempt (a random UUID); a retry with the same key and body gets the original registration ID, for 24 hours',
    }),
})

/** POST /api/applicants: the Add Applicant page (its names differ: college and year). */
export const manualApplicantInput = z
  .object({
    name: personName,
    email: email('Valid email is required'),
    mobile,
    studentId: requiredText('Student ID is required', 100),
    college: requiredText('College is required'),
    // The Add Applicant page asks for the course as text (docs/product/registration.md#fields).
    course: requiredText('Course is required'),
    year: graduationYear(GRADUATION_YEARS.editForm),
    linkedinProfile: optionalUrl('Valid LinkedIn URL is required'),
  })
  .meta({ id: 'ManualApplicantRequest' })
export type ManualApplicantInput = z.input<typeof manualApplicantInput>

const status = z.enum(
  EDITABLE_APPLICANT_STATUSES,
  'Status must be one of registered, submitted, selected, not_selected, won',
)
/**
 * The applicant's `updatedAt` when the form was opened: the edit is refused (409) when the
 * applicant changed since. Optional, so a client that does not send it still saves.
 */
const version = isoDateTime.optional()

/**
 * PUT /api/applicants/{id}'s body as the route reads it: text within bounds. The field rules are
 * checked against the stored applicant (applicantUpdateFor), since a value stored before a rule
 * (an old year, a LinkedIn text) must not block the edit of another field (issue 22).
 */
export const applicantUpdateInput = z
  .object({
    name: requiredText('Name is required'),
    email: z.string().trim().max(MAX.email, 'Email address is too long'),
    mobile: z.string().trim().max(30, 'Mobile number is too long'),
    studentId: requiredText('Student ID is required', 100),
    collegeName: requiredText('College name is required'),
    course: requiredText('Course is required'),
    yearOfGraduation: requiredText('Year of graduation is required', 10),
    linkedinProfile: z.string().trim().max(MAX.url, 'This link is too long').optional(),
    status,
    version,
  })
  .meta({ id: 'ApplicantUpdateRequest' })
export type ApplicantUpdateInput = z.input<typeof applicantUpdateInput>

/** A field's rule, except that the value stored already passes as it is. */
function unlessStored<T extends z.ZodType<unknown, string | undefined>>(
  rule: T,
  stored: string | null,
) {
  return z
    .string()
    .optional()
    .transform((value, ctx): z.output<T> => {
      if (stored !== null && value === stored) return value as z.output<T>
      const checked = rule.safeParse(value)
      if (checked.success) return checked.data
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
      return z.NEVER
    })
}

/** The stored values an edit is checked against. */
export type StoredApplicantFields = Pick<
  Applicant,
  | 'name'
  | 'email'
  | 'mobile'
  | 'studentId'
  | 'collegeName'
  | 'course'
  | 'yearOfGraduation'
  | 'linkedinProfile'
>

/**
 * The admin edit form's rules (docs/product/registration.md#fields), for one stored applicant: every
 * field that changes must pass its rule; an unchanged one passes as stored. The edit dialog and
 * the server both check an edit with it.
 */
export const applicantUpdateFor = (stored: StoredApplicantFields) =>
  z.object({
    name: unlessStored(personName, stored.name),
    email: unlessStored(email('Invalid email address'), stored.email),
    mobile: unlessStored(mobile, stored.mobile),
    studentId: unlessStored(requiredText('Student ID is required', 100), stored.studentId),
    collegeName: unlessStored(requiredText('College name is required'), stored.collegeName),
    course: unlessStored(requiredText('Course is required'), stored.course),
    yearOfGraduation: unlessStored(
      graduationYear(GRADUATION_YEARS.editForm),
      stored.yearOfGraduation,
    ),
    linkedinProfile: unlessStored(optionalUrl('Invalid LinkedIn URL'), stored.linkedinProfile),
    status,
    version,
  })

export const applicantStatus = z.enum(APPLICANT_STATUSES)

export const applicant = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    mobile: z.string(),
    studentId: z.string(),
    course: z.string(),
    yearOfGraduation: z.string(),
    collegeName: z.string(),
    linkedinProfile: z.string().nullable(),
    status: applicantStatus,
    registrationId: z.string(),
    githubUrl: z.string().nullable(),
    currentStage: z.string().nullable(),
    reviewedAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
    /** When anything about the applicant last changed (an edit, a decision): the edit form's version. */
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Applicant' })
export type Applicant = z.infer<typeof applicant>

/**
 * GET /api/applicants query: status is omitted for "all" (docs/product/applicants.md#the-table).
 */
export const applicantListQuery = z.object({
  search: z.string().trim().max(200, 'Search is too long').optional(),
  status: applicantStatus.optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.applicantPageSizeMax, 'limit is at most 100')
    .default(LIMITS.applicantPageSize),
})
export type ApplicantListQuery = z.input<typeof applicantListQuery>

export const applicantList = z
  .object({ applicants: z.array(applicant), total: z.number().int(), totalPages: z.number().int() })
  .meta({ id: 'ApplicantList' })
export type ApplicantList = z.infer<typeof applicantList>

/** POST /api/confirm-participation: the code from the emailed link. */
export const confirmParticipationInput = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'The confirmation code is missing')
      .max(200, 'This confirmation link is invalid or has expired.'),
  })
  .meta({ id: 'ConfirmParticipationRequest' })
export type ConfirmParticipationInput = z.infer<typeof confirmParticipationInput>

export const APPLICANT_MESSAGES = {
  selected: 'Applicant selected successfully. Email notification sent.',
  updated: 'Applicant updated successfully.',
  deleted: 'Applicant deleted successfully.',
  added: 'Applicant added successfully',
  addFailed: 'Failed to add applicant',
  duplicateEmail: 'An applicant with this email address is already registered',
  duplicateMobile: 'An applicant with this mobile number is already registered',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different registration. Send a new key for new details.',
  notSubmitted: 'Only an applicant whose status is submitted can be selected',
  notFound: 'Applicant not found',
  changed:
    'Someone else changed this applicant after you opened it: close the form and open it again to see their change.',
  confirmed: 'Your participation is confirmed. See you at the event!',
  invalidLink:
    'This confirmation link is invalid or has expired. Please contact the organizers if you need a new one.',
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete ${name}? This action cannot be undone.`,
} as const

/** What the status filter and badges call each status (docs/product/applicants.md#statuses). */
export const APPLICANT_STATUS_LABELS: Record<(typeof APPLICANT_STATUSES)[number], string> = {
  registered: 'Registered',
  submitted: 'Submitted',
  selected: 'Selected',
  not_selected: 'Not Selected',
  won: 'Won',
  confirmed: 'Confirmed',
  round1: 'Round 1',
  round2: 'Round 2',
  round3: 'Final Round',
}

export const selectApplicantResponse = z
  .object({ message: z.string(), applicant })
  .meta({ id: 'SelectApplicantResponse' })
