import { ROLES, type Role } from '@hackathon/contract'

/** Every screen a route can show; app/pages.ts maps each to its component. */
export const PAGE_IDS = [
  'landing',
  'register',
  'confirmParticipation',
  'adminLogin',
  'applicantLogin',
  'applicantDashboard',
  'applicantSubmissions',
  'stageSubmission',
  'adminDashboard',
  'juryDashboard',
  'jurySubmissions',
  'applicants',
  'rounds',
  'roundReview',
  'quickActions',
  'addApplicant',
  'exportData',
  'settings',
] as const
export type PageId = (typeof PAGE_IDS)[number]

/**
 * Who is looking: signed out, signed in with one of the roles, or signed in with a role
 * value outside ROLES ('noRole').
 */
export type Audience = 'signedOut' | Role | 'noRole'

/** Path pattern (wouter syntax) -> the screen it shows. */
export type Routes = Readonly<Record<string, PageId>>

/**
 * The applicant pages guard themselves with the stored bearer token
 * (docs/product/screens.md#route-table).
 */
const applicantPages = {
  '/applicant/login': 'applicantLogin',
  '/applicant/dashboard': 'applicantDashboard',
  '/applicant/submissions': 'applicantSubmissions',
  '/applicant/submit/:stageId': 'stageSubmission',
} as const satisfies Routes

const everyoneSignedIn = {
  '/register': 'register',
  '/confirm-participation': 'confirmParticipation',
  ...applicantPages,
} as const satisfies Routes

/**
 * docs/product/screens.md#route-table, exactly (with the admin's round review page of issue 11):
 * any path missing from a table is the not-found page for that audience. Note that /admin/login
 * exists only while signed out.
 */
export const ROUTE_TABLE: Readonly<Record<Audience, Routes>> = {
  signedOut: {
    '/': 'landing',
    '/register': 'register',
    '/confirm-participation': 'confirmParticipation',
    '/admin/login': 'adminLogin',
    ...applicantPages,
  },
  admin: {
    '/': 'adminDashboard',
    // Issue 22: Add Applicant (and old links) end on /admin; a signed-in admin's /admin/login
    // goes on to the page to return to (pages/admin-login-page.tsx).
    '/admin': 'adminDashboard',
    '/admin/login': 'adminLogin',
    '/applicants': 'applicants',
    '/jury': 'adminDashboard',
    '/submissions': 'adminDashboard',
    '/orientation': 'adminDashboard',
    '/rounds': 'rounds',
    // Issue 11: a round's rubric, reviewer assignment and ranking, for admins only.
    '/rounds/:id/review': 'roundReview',
    '/quick-actions': 'quickActions',
    '/add-applicant': 'addApplicant',
    '/export-data': 'exportData',
    '/settings': 'settings',
    ...everyoneSignedIn,
  },
  jury: {
    '/': 'juryDashboard',
    '/admin/login': 'adminLogin',
    '/applicants': 'applicants',
    // The jury's /submissions shows the submitted work itself (repository, documents, versions),
    // which the applicant table does not (docs/product/screens.md#jury-submissions).
    '/submissions': 'jurySubmissions',
    ...everyoneSignedIn,
  },
  applicant: {
    '/': 'applicantDashboard',
    '/my-submissions': 'applicantSubmissions',
    // A code is not a staff sign-in: the staff sign-in page stays open (issue 22).
    '/admin/login': 'adminLogin',
    ...everyoneSignedIn,
  },
  noRole: {
    '/': 'landing',
    ...everyoneSignedIn,
  },
}

/**
 * The screens shown inside the signed-in shell (sidebar and user menu). The landing, login,
 * registration and not-found pages stand alone, and the applicant pages bring their own layout.
 */
export const SHELL_PAGES: ReadonlySet<PageId> = new Set<PageId>([
  'adminDashboard',
  'juryDashboard',
  'jurySubmissions',
  'applicants',
  'rounds',
  'roundReview',
  'quickActions',
  'addApplicant',
  'exportData',
  'settings',
])

/**
 * The applicant's pages, shown inside the shell with the applicant sidebar (docs/decisions/025-staff-sign-in-return-and-applicant-sidebar.md)
 * when the user call names an applicant; to anyone else they keep their own layout.
 */
export const APPLICANT_SHELL_PAGES: ReadonlySet<PageId> = new Set<PageId>([
  'applicantDashboard',
  'applicantSubmissions',
  'stageSubmission',
])

/** Whether `pageId` is shown inside the signed-in shell for `audience`. */
export function inShell(audience: Audience, pageId: PageId): boolean {
  if (audience === 'applicant') return APPLICANT_SHELL_PAGES.has(pageId)
  return audience !== 'signedOut' && SHELL_PAGES.has(pageId)
}

/**
 * The path patterns of staff pages (in the admin or jury table but open to no one else): a visit
 * to one without a staff sign-in goes to the staff sign-in page, returning there afterwards
 * (issue 22; docs/decisions/025-staff-sign-in-return-and-applicant-sidebar.md).
 */
export const STAFF_PATTERNS: readonly string[] = [
  ...new Set([...Object.keys(ROUTE_TABLE.admin), ...Object.keys(ROUTE_TABLE.jury)]),
].filter(
  (pattern) =>
    !(pattern in ROUTE_TABLE.signedOut) && !(pattern in ROUTE_TABLE.applicant) && pattern !== '/',
)

/** Paths only an applicant has (/my-submissions): without a session they lead to the applicant login. */
export const APPLICANT_ONLY_PATTERNS: readonly string[] = Object.keys(ROUTE_TABLE.applicant).filter(
  (pattern) => !(pattern in ROUTE_TABLE.signedOut) && pattern !== '/',
)

/** The audiences that a staff page sends to the staff sign-in page rather than to not-found. */
export const SIGNS_IN_FOR_STAFF_PAGES: ReadonlySet<Audience> = new Set<Audience>([
  'signedOut',
  'applicant',
])

export function audienceOf(user: { role?: unknown } | null | undefined): Audience {
  if (!user) return 'signedOut'
  return ROLES.find((role) => role === user.role) ?? 'noRole'
}
