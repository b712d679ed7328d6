import { z } from 'zod'
import { MAX, isoDateTime } from './common.js'
import { APPLICANT_STATUSES, EDITABLE_APPLICANT_STATUSES, LIMITS } from './constants.js'

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

/** POST /api/register: the public form (SPEC section 5, "Public registration"). */
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
    course: requiredText('Course is required'),
    yearOfGraduation: requiredText('Year of graduation is required', 10),
    collegeName: requiredText('College name is required'),
    // The public form sets no rule on it (SPEC section 5); it is kept as typed, within bounds.
    linkedinProfile: z
      .string()
      .trim()
      .max(MAX.url, 'This link is too long')
      .optional()
      .transform((value) => value || undefined),
  })
  .meta({ id: 'RegistrationRequest' })
export type RegistrationInput = z.input<typeof registrationInput>

export const registrationResponse = z
  .object({ registrationId: z.string() })
  .meta({ id: 'Registration' })
export type RegistrationResponse = z.infer<typeof registrationResponse>

/** POST /api/applicants: the Add Applicant page (its names differ: college and year). */
export const manualApplicantInput = z
  .object({
    name: requiredText('Name is required').refine(linkFree, NAME_LINK_MESSAGE),
    email: email('Valid email is required'),
    mobile,
    studentId: requiredText('Student ID is required', 100),
    college: requiredText('College is required'),
    course: requiredText('Course is required'),
    year: requiredText('Year of graduation is required', 10),
    linkedinProfile: optionalUrl('Valid LinkedIn URL is required'),
  })
  .meta({ id: 'ManualApplicantRequest' })
export type ManualApplicantInput = z.input<typeof manualApplicantInput>

/** PUT /api/applicants/{id}: the admin edit form (SPEC section 5, "Applicant edit"). */
export const applicantUpdateInput = z
  .object({
    name: requiredText('Name is required').refine(linkFree, NAME_LINK_MESSAGE),
    email: email('Invalid email address'),
    mobile,
    studentId: requiredText('Student ID is required', 100),
    collegeName: requiredText('College name is required'),
    course: requiredText('Course is required'),
    yearOfGraduation: requiredText('Year of graduation is required', 10),
    linkedinProfile: optionalUrl('Invalid LinkedIn URL'),
    status: z.enum(
      EDITABLE_APPLICANT_STATUSES,
      'Status must be one of registered, submitted, selected, not_selected, won',
    ),
    /**
     * The applicant's `updatedAt` when the form was opened: the edit is refused (409) when the
     * applicant changed since. Optional, so a client that does not send it still saves.
     */
    version: isoDateTime.optional(),
  })
  .meta({ id: 'ApplicantUpdateRequest' })
export type ApplicantUpdateInput = z.input<typeof applicantUpdateInput>

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

/** GET /api/applicants query: status is omitted for "all" (SPEC section 7). */
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

/** What the status filter and badges call each status (round3 is the final round, SPEC section 2). */
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
