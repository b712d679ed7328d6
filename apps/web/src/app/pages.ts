import { lazy, type ComponentType } from 'react'

import { withClassMerge } from '@/lib/utils'
import LandingPage from '@/pages/landing-page'

import type { PageId } from './route-table'

type Page = ComponentType & {
  /** Downloads the page's chunk, and the chunks it imports, without rendering it. */
  preload?: () => Promise<unknown>
}

/** A page's chunk, rendered once cn merges class names (lib/utils.ts). */
function lazyPage(loadPage: () => Promise<{ default: ComponentType }>): Page {
  const load = withClassMerge(loadPage)
  return Object.assign(lazy(load), { preload: load })
}

/**
 * The landing page ships in the first bundle because it is where visitors arrive; every
 * other screen is its own chunk, loaded when its route is first shown (or preloadPage asks).
 */
export const PAGES: Readonly<Record<PageId, Page>> = {
  landing: LandingPage,
  register: lazyPage(() => import('@/pages/register-page')),
  confirmParticipation: lazyPage(() => import('@/pages/confirm-participation-page')),
  adminLogin: lazyPage(() => import('@/pages/admin-login-page')),
  applicantLogin: lazyPage(() => import('@/pages/applicant-login-page')),
  applicantDashboard: lazyPage(() => import('@/pages/applicant-dashboard-page')),
  applicantSubmissions: lazyPage(() => import('@/pages/applicant-submissions-page')),
  stageSubmission: lazyPage(() => import('@/pages/stage-submission-page')),
  adminDashboard: lazyPage(() => import('@/pages/admin-dashboard-page')),
  juryDashboard: lazyPage(() => import('@/pages/jury-dashboard-page')),
  jurySubmissions: lazyPage(() => import('@/pages/jury-submissions-page')),
  applicants: lazyPage(() => import('@/pages/applicants-page')),
  rounds: lazyPage(() => import('@/pages/rounds-page')),
  roundReview: lazyPage(() => import('@/pages/round-review-page')),
  quickActions: lazyPage(() => import('@/pages/quick-actions-page')),
  addApplicant: lazyPage(() => import('@/pages/add-applicant-page')),
  exportData: lazyPage(() => import('@/pages/export-data-page')),
  settings: lazyPage(() => import('@/pages/settings-page')),
}

/**
 * Starts loading a page before its route renders. A failure is left to the route's own import,
 * which shows it.
 */
export function preloadPage(id: PageId): void {
  PAGES[id].preload?.().catch(() => {})
}
