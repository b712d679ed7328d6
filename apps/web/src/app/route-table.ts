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

/** The applicant pages guard themselves with the stored bearer token (SPEC.md section 4). */
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
 * SPEC.md section 2 "Route table", exactly, plus the admin's round review page of issue 11: any
 * path missing from a table is the not-found page for that audience. Note that /admin/login
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
    '/applicants': 'applicants',
    // The SPEC names the jury's /submissions route but not its screen: it shows the submitted
    // work itself (repository, documents, versions), which the applicant table does not.
    '/submissions': 'jurySubmissions',
    ...everyoneSignedIn,
  },
  applicant: {
    '/': 'applicantDashboard',
    '/my-submissions': 'applicantSubmissions',
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

export function audienceOf(user: { role?: unknown } | null | undefined): Audience {
  if (!user) return 'signedOut'
  return ROLES.find((role) => role === user.role) ?? 'noRole'
}
