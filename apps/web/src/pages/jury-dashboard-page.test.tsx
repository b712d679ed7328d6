import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { applicantFixture, applicantPage } from '@/features/applicants/testing'
import { axeViolations } from '@/test/axe'
import { errorResponse, stubApi } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import JuryDashboardPage from './jury-dashboard-page'

afterEach(() => vi.unstubAllGlobals())

/** SPEC.md section 7: the jury counts come from this call. */
const SAMPLE = 'GET /api/applicants?status=submitted&page=1&limit=50'
const TABLE = 'GET /api/applicants?page=1&limit=10'

/** The first 50 of 73 submitted applicants: every third reviewed (17), the rest waiting. */
const FIRST_50 = Array.from({ length: 50 }, (_, i) =>
  applicantFixture(i + 1, {
    status: 'submitted',
    reviewedAt: i % 3 === 0 ? '2026-03-02T10:00:00.000Z' : null,
  }),
)

function stat(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
}

function renderPage() {
  return renderWithApp(<JuryDashboardPage />, { user: userWithRole('jury') })
}

describe('the jury dashboard', () => {
  it('counts submissions, pending and reviewed from the first 50 submitted applicants', async () => {
    const reviewed = FIRST_50.filter((applicant) => applicant.reviewedAt).length
    stubApi({
      [SAMPLE]: () => Response.json(applicantPage(FIRST_50, 73, 50)),
      [TABLE]: () => Response.json(applicantPage([], 0)),
    })
    renderPage()

    await screen.findByText('Total Submissions')
    expect(stat('Total Submissions')).toBe('73')
    expect(stat('Pending Review')).toBe(String(50 - reviewed))
    expect(stat('Reviewed')).toBe(String(reviewed))
    expect(reviewed).toBe(17)
    expect(
      screen.getByText('Pending Review and Reviewed count the first 50 submitted applicants.'),
    ).toBeTruthy()
  })

  it('says nothing about a sample when every submitted applicant was counted', async () => {
    stubApi({
      [SAMPLE]: () =>
        Response.json(
          applicantPage([
            applicantFixture(1, { status: 'submitted', reviewedAt: '2026-03-02T10:00:00.000Z' }),
            applicantFixture(2, { status: 'submitted' }),
          ]),
        ),
      [TABLE]: () => Response.json(applicantPage([], 0)),
    })
    renderPage()

    await screen.findByText('Total Submissions')
    expect([stat('Total Submissions'), stat('Pending Review'), stat('Reviewed')]).toEqual([
      '2',
      '1',
      '1',
    ])
    expect(screen.queryByText(/count the first 50/)).toBeNull()
  })

  it('lists the review guidelines', () => {
    stubApi({})
    renderPage()

    const guidelines = screen.getByRole('region', { name: 'Review Guidelines' })
    expect(
      within(guidelines)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Code Quality', 'Innovation', 'Technical Implementation', 'Documentation'])
  })

  it('shows the applicant table in jury mode as "Submissions for Review"', async () => {
    stubApi({
      [SAMPLE]: () => Response.json(applicantPage([], 0)),
      [TABLE]: () => Response.json(applicantPage([applicantFixture(1, { status: 'submitted' })])),
    })
    renderPage()

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard')
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Review Guidelines',
      'Submissions for Review',
    ])
    expect(await screen.findByRole('button', { name: 'Select Applicant 1' })).toBeTruthy()
  })

  it('shows a failed count with Try again', async () => {
    let answers = 0
    stubApi({
      [SAMPLE]: () =>
        ++answers === 1
          ? errorResponse(503, 'The server is busy')
          : Response.json(applicantPage([], 0)),
      [TABLE]: () => Response.json(applicantPage([], 0)),
    })
    renderPage()

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The server is busy')
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('Total Submissions')
    expect(stat('Total Submissions')).toBe('0')
  })

  it('passes axe', async () => {
    stubApi({
      [SAMPLE]: () => Response.json(applicantPage(FIRST_50, 73, 50)),
      [TABLE]: () => Response.json(applicantPage([applicantFixture(1, { status: 'submitted' })])),
    })
    renderPage()

    await screen.findByText('Total Submissions')
    await screen.findByRole('button', { name: 'Select Applicant 1' })
    expect(await axeViolations()).toEqual([])
  })
})
