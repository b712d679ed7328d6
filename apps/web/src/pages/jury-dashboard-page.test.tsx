import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { applicantFixture, applicantPage } from '@/features/applicants/testing'
import { stubApi } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import JuryDashboardPage from './jury-dashboard-page'

afterEach(() => vi.unstubAllGlobals())

describe('the jury dashboard', () => {
  it('shows the applicant table in jury mode as "Submissions for Review"', async () => {
    stubApi({
      'GET /api/applicants?page=1&limit=10': () =>
        Response.json(applicantPage([applicantFixture(1, { status: 'submitted' })])),
    })
    renderWithApp(<JuryDashboardPage />, { user: userWithRole('jury') })

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard')
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Submissions for Review')
    expect(await screen.findByRole('button', { name: 'Select Applicant 1' })).toBeTruthy()
  })
})
