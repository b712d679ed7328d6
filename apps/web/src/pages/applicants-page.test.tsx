import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { applicantFixture, applicantPage } from '@/features/applicants/testing'
import { stubApi } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import ApplicantsPage from './applicants-page'

afterEach(() => vi.unstubAllGlobals())

const submitted = applicantFixture(1, { name: 'Ada Lovelace', status: 'submitted' })

function stubList() {
  return stubApi({
    'GET /api/applicants?page=1&limit=10': () => Response.json(applicantPage([submitted])),
  })
}

describe('the applicants page', () => {
  it('is "Applicant Management" for an admin, with Edit and Delete', async () => {
    stubList()
    renderWithApp(<ApplicantsPage />, { user: userWithRole('admin') })

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Applicant Management')
    expect(await screen.findByRole('button', { name: 'Edit Ada Lovelace' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /select/i })).toBeNull()
  })

  it('is "Applicant Review" for the jury, with Select', async () => {
    stubList()
    renderWithApp(<ApplicantsPage />, { user: userWithRole('jury') })

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Applicant Review')
    expect(await screen.findByRole('button', { name: 'Select Ada Lovelace' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /edit/i })).toBeNull()
  })

  it.each(['applicant', 'volunteer'])(
    'is "Access Denied" for role %s, and loads nothing',
    (role) => {
      const fetchMock = stubList()
      renderWithApp(<ApplicantsPage />, { user: userWithRole(role) })

      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Access Denied')
      expect(screen.queryByRole('table')).toBeNull()
      expect(fetchMock).not.toHaveBeenCalled()
    },
  )
})
