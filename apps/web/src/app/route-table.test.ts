import { describe, expect, it } from 'vitest'

import { PAGES } from './pages'
import { ROUTE_TABLE, SHELL_PAGES, audienceOf } from './route-table'

const everyoneSignedIn = {
  '/register': 'register',
  '/confirm-participation': 'confirmParticipation',
  '/applicant/login': 'applicantLogin',
  '/applicant/dashboard': 'applicantDashboard',
  '/applicant/submissions': 'applicantSubmissions',
  '/applicant/submit/:stageId': 'stageSubmission',
}

describe('the route table (SPEC.md section 2)', () => {
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
      '/applicants': 'applicants',
      '/submissions': 'jurySubmissions',
      ...everyoneSignedIn,
    })
  })

  it('gives applicants their dashboard at / and /my-submissions', () => {
    expect(ROUTE_TABLE.applicant).toEqual({
      '/': 'applicantDashboard',
      '/my-submissions': 'applicantSubmissions',
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
