/**
 * Business constants (docs/product/limits.md#fixed-values), shared by the browser and the server.
 * Word-for-word texts (docs/product/texts.md) live here, so a test and a page read one string.
 */
export const APP_NAME = 'HackStage'

export const ROLES = ['admin', 'jury', 'applicant'] as const
export type Role = (typeof ROLES)[number]
export const STAFF_ROLES = ['admin', 'jury'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const APPLICANT_STATUSES = [
  'registered',
  'submitted',
  'selected',
  'not_selected',
  'won',
  'confirmed',
  'round1',
  'round2',
  'round3',
] as const
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number]
/** Only these can be set in the admin edit form (docs/product/applicants.md#edit). */
export const EDITABLE_APPLICANT_STATUSES = [
  'registered',
  'submitted',
  'selected',
  'not_selected',
  'won',
] as const satisfies readonly ApplicantStatus[]

export const ROUND_STATUSES = ['upcoming', 'active', 'completed'] as const
export type RoundStatus = (typeof ROUND_STATUSES)[number]

export const SUBMISSION_STATUSES = [
  'draft',
  'submitted',
  'reviewed',
  'accepted',
  'rejected',
] as const
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]

export const ACTIVITY_TYPES = ['registration', 'submission', 'selection', 'deadline'] as const
export type ActivityType = (typeof ACTIVITY_TYPES)[number]

/** Applicant progress order (docs/product/pipeline.md#progress): each step is 20%. */
export const PROGRESS_STEPS = [
  'registered',
  'selected',
  'confirmed',
  'submitted',
  'reviewed',
] as const

export const CORE_COURSES = [
  'Computer Science Engineering',
  'Information Technology',
  'Electronics and Communication',
  'Mechanical Engineering',
] as const
export const PUBLIC_COURSES = [
  ...CORE_COURSES,
  'Civil Engineering',
  'Electrical Engineering',
  'Other',
] as const

function yearRange(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i))
}
export const GRADUATION_YEARS = {
  adminModal: yearRange(2024, 2027),
  publicForm: yearRange(2024, 2028),
  editForm: yearRange(2024, 2030),
} as const

export const STAGES = [
  { id: 'stage1', name: 'Preliminary Ideas Submission Round' },
  { id: 'stage2', name: 'Prototype Submission and Selection Round' },
  { id: 'stage3', name: 'Project Submission and Selection Round' },
  { id: 'stage4', name: 'Change Makers and Innovators' },
] as const

export const LIMITS = {
  applicantPageSize: 10,
  applicantPageSizeMax: 100,
  juryCountSample: 50,
  otpDigits: 6,
  nameMin: 2,
  mobileMin: 10,
  passwordMin: 6,
  uploadMaxBytes: 10 * 1024 * 1024,
  progressSteps: 5,
  unauthorizedRedirectMs: 500,
  toastDurationMs: 5000,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
} as const

export const TEXTS = {
  notFoundTitle: '404 Page Not Found',
  notFoundHint: 'Did you forget to add the page to the router?',
  unauthorizedTitle: 'Unauthorized',
  unauthorizedBody: 'You are logged out. Logging in again...',
} as const

/**
 * Browser storage keys of the applicant session (the token and the data kept there; decision 025).
 * Here, apart from the schemas: every page's user call reads the token (issue 22).
 */
export const APPLICANT_STORAGE = {
  token: 'applicantSessionToken',
  applicant: 'applicantData',
} as const
