import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { applicantFixture, applicantPage } from '@/features/applicants/testing'
import { axeViolations } from '@/test/axe'
import { errorResponse, stubApi } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import JuryDashboardPage from './jury-dashboard-page'

afterEach(() => vi.unstubAllGlobals())

/** The jury's cards come from this call (issue 22). */
const PROGRESS = 'GET /api/jury-progress'
const TABLE = 'GET /api/applicants?page=1&limit=10'

const NOTHING = { totals: { submissions: 0, pending: 0, reviewed: 0 }, mine: null }

function stat(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
}

function countsOf(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.nextElementSibling
    ?.textContent
}

function renderPage() {
  return renderWithApp(<JuryDashboardPage />, { user: userWithRole('jury') })
}

describe('the jury dashboard', () => {
  it("counts the judge's own scoring of their assigned submissions, saying what each card counts", async () => {
    // Five submitted, all assigned to this judge, who scored two; nothing decided yet.
    stubApi({
      [PROGRESS]: () =>
        Response.json({
          totals: { submissions: 5, pending: 5, reviewed: 0 },
          mine: { assigned: 5, pending: 3, reviewed: 2 },
        }),
      [TABLE]: () => Response.json(applicantPage([], 0)),
    })
    renderPage()

    await screen.findByText('Total Submissions')
    expect([stat('Total Submissions'), stat('Pending Review'), stat('Reviewed')]).toEqual([
      '5',
      '3',
      '2',
    ])
    expect([
      countsOf('Total Submissions'),
      countsOf('Pending Review'),
      countsOf('Reviewed'),
    ]).toEqual([
      'Submissions in every round',
      'Assigned to you, not yet scored',
      'Assigned to you and scored by you',
    ])
  })

  it('splits every submission by decision while nothing is assigned to the judge', async () => {
    stubApi({
      [PROGRESS]: () =>
        Response.json({ totals: { submissions: 73, pending: 56, reviewed: 17 }, mine: null }),
      [TABLE]: () => Response.json(applicantPage([], 0)),
    })
    renderPage()

    await screen.findByText('Total Submissions')
    expect([stat('Total Submissions'), stat('Pending Review'), stat('Reviewed')]).toEqual([
      '73',
      '56',
      '17',
    ])
    expect(countsOf('Pending Review')).toBe('Waiting for a decision')
    expect(countsOf('Reviewed')).toBe('Decided: advanced or not')
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
      [PROGRESS]: () => Response.json(NOTHING),
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
      [PROGRESS]: () =>
        ++answers === 1 ? errorResponse(503, 'The server is busy') : Response.json(NOTHING),
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
      [PROGRESS]: () =>
        Response.json({
          totals: { submissions: 73, pending: 56, reviewed: 17 },
          mine: { assigned: 12, pending: 9, reviewed: 3 },
        }),
      [TABLE]: () => Response.json(applicantPage([applicantFixture(1, { status: 'submitted' })])),
    })
    renderPage()

    await screen.findByText('Total Submissions')
    await screen.findByRole('button', { name: 'Select Applicant 1' })
    expect(await axeViolations()).toEqual([])
  })
})
