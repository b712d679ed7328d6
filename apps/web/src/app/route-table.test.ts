import { describe, expect, it } from 'vitest'

import { PAGES } from './pages'
import {
  APPLICANT_ONLY_PATTERNS,
  ROUTE_TABLE,
  SHELL_PAGES,
  STAFF_PATTERNS,
  audienceOf,
  inShell,
} from './route-table'

const everyoneSignedIn = {
  '/register': 'register',
  '/confirm-participation': 'confirmParticipation',
  '/applicant/login': 'applicantLogin',
  '/applicant/dashboard': 'applicantDashboard',
  '/applicant/submissions': 'applicantSubmissions',
  '/applicant/submit/:stageId': 'stageSubmission',
}

describe('the route table (docs/product/screens.md)', () => {
  it('offers signed-out visitors the landing page, registration, both logins and the applicant pages', () => {
    expect(ROUTE_TABLE.signedOut).toEqual({
      '/': 'landing',
      '/register': 'register',
      '/confirm-participation': 'confirmParticipation',
      '/admin/login': 'adminLogin',
      '/applicant/login': 'applicantLogin',
      '/applicant/dashboard': 'applicantDashboard',
      '/applicant/submissions': 'applicantSubmissions',
      '/applicant/submit/:stageId': 'stageSubmission',
    })
  })

  it('gives admins their screens, with /jury, /submissions and /orientation on the admin dashboard', () => {
    expect(ROUTE_TABLE.admin).toEqual({
      '/': 'adminDashboard',
      '/admin': 'adminDashboard',
      '/admin/login': 'adminLogin',
      '/applicants': 'applicants',
      '/jury': 'adminDashboard',
      '/submissions': 'adminDashboard',
      '/orientation': 'adminDashboard',
      '/rounds': 'rounds',
      '/rounds/:id/review': 'roundReview',
      '/quick-actions': 'quickActions',
      '/add-applicant': 'addApplicant',
      '/export-data': 'exportData',
      '/settings': 'settings',
      ...everyoneSignedIn,
    })
  })

  it('gives jury members their dashboard, applicants and submissions only', () => {
    expect(ROUTE_TABLE.jury).toEqual({
      '/': 'juryDashboard',
      '/admin/login': 'adminLogin',
      '/applicants': 'applicants',
      '/submissions': 'jurySubmissions',
      ...everyoneSignedIn,
    })
  })

  it('gives applicants their dashboard at / and /my-submissions', () => {
    expect(ROUTE_TABLE.applicant).toEqual({
      '/': 'applicantDashboard',
      '/my-submissions': 'applicantSubmissions',
      '/admin/login': 'adminLogin',
      ...everyoneSignedIn,
    })
  })

  it('offers the round review page (issue 11) to admins only', () => {
    for (const audience of ['signedOut', 'jury', 'applicant', 'noRole'] as const) {
      expect(Object.values(ROUTE_TABLE[audience])).not.toContain('roundReview')
    }
    expect(ROUTE_TABLE.admin['/rounds/:id/review']).toBe('roundReview')
  })

  it('shows the landing page at / to a signed-in user without a known role', () => {
    expect(ROUTE_TABLE.noRole).toEqual({ '/': 'landing', ...everyoneSignedIn })
  })

  it('has a component for every page it names', () => {
    for (const routes of Object.values(ROUTE_TABLE)) {
      for (const pageId of Object.values(routes)) expect(PAGES[pageId]).toBeDefined()
    }
  })

  it('tells the audience from the user', () => {
    expect(audienceOf(null)).toBe('signedOut')
    expect(audienceOf({ role: 'admin' })).toBe('admin')
    expect(audienceOf({ role: 'jury' })).toBe('jury')
    expect(audienceOf({ role: 'applicant' })).toBe('applicant')
    expect(audienceOf({ role: 'owner' })).toBe('noRole')
    expect(audienceOf({ role: null })).toBe('noRole')
  })

  it('names the staff pages that send a visitor without a staff sign-in to sign in (issue 22)', () => {
    expect([...STAFF_PATTERNS].sort()).toEqual(
      [
        '/admin',
        '/applicants',
        '/jury',
        '/submissions',
        '/orientation',
        '/rounds',
        '/rounds/:id/review',
        '/quick-actions',
        '/add-applicant',
        '/export-data',
        '/settings',
      ].sort(),
    )
    expect(APPLICANT_ONLY_PATTERNS).toEqual(['/my-submissions'])
  })

  it('shows an applicant’s pages in the shell to an applicant only (issue 22)', () => {
    for (const pageId of [
      'applicantDashboard',
      'applicantSubmissions',
      'stageSubmission',
    ] as const) {
      expect(inShell('applicant', pageId)).toBe(true)
      expect(inShell('admin', pageId)).toBe(false)
      expect(inShell('signedOut', pageId)).toBe(false)
    }
    expect(inShell('applicant', 'rounds')).toBe(false)
    expect(inShell('admin', 'rounds')).toBe(true)
  })

  it('wraps only the staff screens in the signed-in shell', () => {
    expect([...SHELL_PAGES].sort()).toEqual(
      [
        'addApplicant',
        'adminDashboard',
        'applicants',
        'exportData',
        'juryDashboard',
        'jurySubmissions',
        'quickActions',
        'rounds',
        'roundReview',
        'settings',
      ].sort(),
    )
    for (const pageId of Object.values(ROUTE_TABLE.signedOut)) {
      expect(SHELL_PAGES.has(pageId)).toBe(false)
    }
  })
})
