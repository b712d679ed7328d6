import { lazy, type ComponentType } from 'react'

import LandingPage from '@/pages/landing-page'

import type { PageId } from './route-table'

/**
 * The landing page ships in the first bundle because it is where visitors arrive; every
 * other screen is its own chunk, loaded when its route is first shown.
 */
export const PAGES: Readonly<Record<PageId, ComponentType>> = {
  landing: LandingPage,
  register: lazy(() => import('@/pages/register-page')),
  confirmParticipation: lazy(() => import('@/pages/confirm-participation-page')),
  adminLogin: lazy(() => import('@/pages/admin-login-page')),
  applicantLogin: lazy(() => import('@/pages/applicant-login-page')),
  applicantDashboard: lazy(() => import('@/pages/applicant-dashboard-page')),
  applicantSubmissions: lazy(() => import('@/pages/applicant-submissions-page')),
  stageSubmission: lazy(() => import('@/pages/stage-submission-page')),
  adminDashboard: lazy(() => import('@/pages/admin-dashboard-page')),
  juryDashboard: lazy(() => import('@/pages/jury-dashboard-page')),
  jurySubmissions: lazy(() => import('@/pages/jury-submissions-page')),
  applicants: lazy(() => import('@/pages/applicants-page')),
  rounds: lazy(() => import('@/pages/rounds-page')),
  roundReview: lazy(() => import('@/pages/round-review-page')),
  quickActions: lazy(() => import('@/pages/quick-actions-page')),
  addApplicant: lazy(() => import('@/pages/add-applicant-page')),
  exportData: lazy(() => import('@/pages/export-data-page')),
  settings: lazy(() => import('@/pages/settings-page')),
}
