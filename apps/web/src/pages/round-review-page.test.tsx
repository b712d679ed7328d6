import {
  APPLICANT_MESSAGES,
  RANKING_METHOD,
  REVIEW_MESSAGES,
  ROUND_MESSAGES,
  type AssignmentOverview,
  type Ranking,
} from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Route } from 'wouter'

import { dismissToast } from '@/components/ui/use-toast'
import {
  ROUND_ID,
  assignmentOverviewFixture,
  criteriaFixture,
  rankingEntryFixture,
  rankingFixture,
  rubricFixture,
} from '@/features/reviews/testing'
import { roundFixture } from '@/features/rounds/testing'
import { fromDateTimeLocal } from '@/lib/datetime-local'
import { axeViolations } from '@/test/axe'
import { deferred, errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { catchDownloads } from '@/test/downloads'
import { renderWithApp, userWithRole } from '@/test/render'
import { settle } from '@/test/settle'

import RoundReviewPage from './round-review-page'

const ROUND = roundFixture(1, { name: 'Prototype Submission' })
const BASE = `/api/rounds/${ROUND_ID}`

/** What the page handed to the browser to save: one entry per download. */
const downloads = catchDownloads('blob:http://localhost/ranking')

afterEach(() => {
  act(() => dismissToast())
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function renderPage(handlers: Record<string, Handler> = {}, roundId = ROUND_ID) {
  const fetchMock = stubApi({
    'GET /api/rounds': () => Response.json({ rounds: [ROUND] }),
    [`GET ${BASE}/rubric`]: () => Response.json(rubricFixture()),
    [`GET ${BASE}/assignments`]: () => Response.json(assignmentOverviewFixture()),
    [`GET ${BASE}/ranking`]: () => Response.json(rankingFixture()),
    ...handlers,
  })
  const rendered = renderWithApp(<Route path="/rounds/:id/review" component={RoundReviewPage} />, {
    path: `/rounds/${roundId}/review`,
    user: userWithRole('admin'),
  })
  return { fetchMock, ...rendered }
}

function requestBody(fetchMock: ReturnType<typeof stubApi>, method: string, url: string) {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === method)
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

const section = async (name: string) => within(await screen.findByRole('region', { name }))

describe('the round review page', () => {
  it('is titled by the round, links back to the rounds and has its three sections', async () => {
    renderPage()

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prototype Submission — Review' }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to rounds' }).getAttribute('href')).toBe(
      '/rounds',
    )
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Rubric',
      'Assignment',
      'Ranking',
    ])
    await screen.findByLabelText('Criterion 1 name')
    expect(await screen.findAllByText('No submissions in this round yet.')).toHaveLength(2)
    expect(await axeViolations()).toEqual([])
  })

  it('says so for a round that does not exist, and asks nothing about it', async () => {
    const { fetchMock } = renderPage({}, '00000000-0000-4000-8000-00000000dead')

    expect(
      await screen.findByRole('heading', { level: 1, name: ROUND_MESSAGES.notFound }),
    ).toBeTruthy()
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/rounds'])
  })
})

describe('the rubric section', () => {
  it('edits, adds and removes criteria, and saves them with the review closing time', async () => {
    const { fetchMock } = renderPage({
      [`PUT ${BASE}/rubric`]: ({ body }) =>
        Response.json(
          rubricFixture({
            criteria: (body as { criteria: ReturnType<typeof criteriaFixture> }).criteria.map(
              (c, i) => ({ ...c, id: `00000000-0000-4000-c100-00000000000${i}` }),
            ),
          }),
        ),
    })
    const rubric = await section('Rubric')
    expect(((await rubric.findByLabelText('Criterion 1 name')) as HTMLInputElement).value).toBe(
      'Code quality',
    )
    expect((rubric.getByLabelText('Criterion 4 name') as HTMLInputElement).value).toBe(
      'Documentation',
    )
    expect((rubric.getByLabelText('Criterion 1 lowest score') as HTMLInputElement).value).toBe('1')
    expect((rubric.getByLabelText('Criterion 1 highest score') as HTMLInputElement).value).toBe(
      '10',
    )

    fireEvent.change(rubric.getByLabelText('Criterion 2 weight'), { target: { value: '2' } })
    fireEvent.click(rubric.getByRole('button', { name: 'Remove criterion 4' }))
    expect(rubric.queryByLabelText('Criterion 4 name')).toBeNull()
    fireEvent.click(rubric.getByRole('button', { name: 'Add criterion' }))
    const added = rubric.getByLabelText('Criterion 4 name')
    await waitFor(() => expect(document.activeElement).toBe(added))
    fireEvent.change(added, { target: { value: '  Pitch  ' } })
    fireEvent.change(rubric.getByLabelText('Criterion 4 highest score'), { target: { value: '5' } })
    fireEvent.change(rubric.getByLabelText('Reviews close at (optional)'), {
      target: { value: '2026-04-10T18:00' },
    })
    fireEvent.click(rubric.getByRole('button', { name: 'Save rubric' }))

    expect(await screen.findByText('Rubric saved')).toBeTruthy()
    expect(requestBody(fetchMock, 'PUT', `${BASE}/rubric`)).toEqual({
      criteria: [
        { name: 'Code quality', weight: 1, scaleMin: 1, scaleMax: 10 },
        { name: 'Innovation', weight: 2, scaleMin: 1, scaleMax: 10 },
        { name: 'Technical implementation', weight: 1, scaleMin: 1, scaleMax: 10 },
        { name: 'Pitch', weight: 1, scaleMin: 1, scaleMax: 5 },
      ],
      reviewClosesAt: fromDateTimeLocal('2026-04-10T18:00'),
    })
  })

  it('says what is wrong beside each field and sends nothing', async () => {
    const { fetchMock } = renderPage()
    const rubric = await section('Rubric')
    fireEvent.change(await rubric.findByLabelText('Criterion 1 name'), { target: { value: ' ' } })
    fireEvent.change(rubric.getByLabelText('Criterion 2 weight'), { target: { value: '0' } })
    fireEvent.change(rubric.getByLabelText('Criterion 3 lowest score'), { target: { value: '' } })
    fireEvent.change(rubric.getByLabelText('Criterion 4 highest score'), { target: { value: '1' } })
    fireEvent.click(rubric.getByRole('button', { name: 'Save rubric' }))
    await settle()

    const messageOf = (label: string) => {
      const input = rubric.getByLabelText(label)
      expect(input.getAttribute('aria-invalid')).toBe('true')
      return document.getElementById(input.getAttribute('aria-describedby')!)?.textContent
    }
    expect(messageOf('Criterion 1 name')).toBe('Criterion name is required')
    expect(messageOf('Criterion 2 weight')).toBe('Weight must be more than 0')
    expect(messageOf('Criterion 3 lowest score')).toBe('Enter a number')
    expect(messageOf('Criterion 4 highest score')).toBe(
      'The top of the scale must be above its bottom',
    )
    expect(document.activeElement).toBe(rubric.getByLabelText('Criterion 1 name'))
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)

    // The bottom of the scale is checked with its top: lowering it puts the top right.
    fireEvent.change(rubric.getByLabelText('Criterion 4 lowest score'), { target: { value: '0' } })
    await settle()
    expect(
      rubric.getByLabelText('Criterion 4 highest score').getAttribute('aria-invalid'),
    ).toBeNull()
  })

  it('is read-only once reviewed, and still moves the closing time with the criteria unchanged', async () => {
    const closesAt = '2026-04-10T12:30:00.000Z'
    const { fetchMock } = renderPage({
      [`GET ${BASE}/rubric`]: () =>
        Response.json(rubricFixture({ locked: true, reviewClosesAt: closesAt })),
      [`PUT ${BASE}/rubric`]: ({ body }) =>
        Response.json(
          rubricFixture({
            locked: true,
            reviewClosesAt: (body as { reviewClosesAt: string }).reviewClosesAt,
          }),
        ),
    })
    const rubric = await section('Rubric')

    expect(await rubric.findByText(REVIEW_MESSAGES.rubricLocked)).toBeTruthy()
    expect(rubric.queryByLabelText('Criterion 1 name')).toBeNull()
    expect(rubric.queryByRole('button', { name: 'Add criterion' })).toBeNull()
    const rows = within(rubric.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))
    expect(rows[0]).toEqual(['Code quality', '1 (25%)', '1 to 10'])

    const closes = rubric.getByLabelText('Reviews close at (optional)') as HTMLInputElement
    expect(fromDateTimeLocal(closes.value)).toBe(closesAt)
    fireEvent.change(closes, { target: { value: '2026-04-12T18:00' } })
    fireEvent.click(rubric.getByRole('button', { name: 'Save closing time' }))

    expect(await screen.findByText('Rubric saved')).toBeTruthy()
    expect(requestBody(fetchMock, 'PUT', `${BASE}/rubric`)).toEqual({
      criteria: criteriaFixture().map(({ name, weight, scaleMin, scaleMax }) => ({
        name,
        weight,
        scaleMin,
        scaleMax,
      })),
      reviewClosesAt: fromDateTimeLocal('2026-04-12T18:00'),
    })
  })

  it('shows the refusal when a review arrived first, then the locked rubric', async () => {
    let locked = false
    renderPage({
      [`GET ${BASE}/rubric`]: () => Response.json(rubricFixture({ locked })),
      [`PUT ${BASE}/rubric`]: () => {
        locked = true
        return errorResponse(409, REVIEW_MESSAGES.rubricLocked, 'CONFLICT')
      },
    })
    const rubric = await section('Rubric')
    fireEvent.change(await rubric.findByLabelText('Criterion 1 weight'), { target: { value: '3' } })
    fireEvent.click(rubric.getByRole('button', { name: 'Save rubric' }))

    expect(await screen.findByText('Error')).toBeTruthy()
    await waitFor(() => expect(rubric.queryByLabelText('Criterion 1 name')).toBeNull())
    expect(rubric.getAllByText(REVIEW_MESSAGES.rubricLocked).length).toBeGreaterThan(0)
  })
})

describe('the assignment section', () => {
  const judges: AssignmentOverview['judges'] = [
    {
      id: '00000000-0000-4000-a000-000000000001',
      name: 'Jo Jury',
      affiliation: 'Hill College',
      assigned: 4,
      reviewed: 3,
      conflicts: 1,
    },
    {
      id: '00000000-0000-4000-a000-000000000002',
      name: 'Kim Judge',
      affiliation: null,
      assigned: 0,
      reviewed: 0,
      conflicts: 0,
    },
  ]

  it('shows coverage and each judge’s progress in numbers and bars', async () => {
    renderPage({
      [`GET ${BASE}/assignments`]: () =>
        Response.json(
          assignmentOverviewFixture({ submissions: 6, underAssigned: 2, underReviewed: 5, judges }),
        ),
    })
    const assignment = await section('Assignment')

    expect(await assignment.findByText('2 under-assigned (fewer than 3 judges)')).toBeTruthy()
    expect(assignment.getByText('5 under-reviewed (fewer than 3 reviews saved)')).toBeTruthy()
    const assigned = assignment.getByRole('progressbar', { name: 'Fully assigned' })
    expect(assigned.getAttribute('aria-valuenow')).toBe('4')
    expect(assigned.getAttribute('aria-valuemax')).toBe('6')
    expect(
      assignment
        .getByRole('progressbar', { name: 'Fully reviewed' })
        .getAttribute('aria-valuetext'),
    ).toBe('1 of 6')

    const table = within(assignment.getByRole('table'))
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Judge',
      'Affiliation',
      'Assigned',
      'Reviewed',
      'Conflicts',
      'Progress',
    ])
    const jo = within(table.getByRole('rowheader', { name: 'Jo Jury' }).closest('tr')!)
    expect(jo.getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'Hill College',
      '4',
      '3',
      '1',
      '75%',
    ])
    const bar = jo.getByRole('progressbar', { name: 'Jo Jury’s progress' })
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 4')
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('75%')
    const kim = within(table.getByRole('rowheader', { name: 'Kim Judge' }).closest('tr')!)
    expect(kim.getByText('None')).toBeTruthy()
    expect(kim.getByText('Nothing assigned')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('assigns N reviewers per submission, says so while it works, and shows the new coverage', async () => {
    const answer = deferred<Response>()
    const { fetchMock } = renderPage({
      [`POST ${BASE}/assignments`]: () => answer.promise,
    })
    const assignment = await section('Assignment')
    const perSubmission = (await assignment.findByLabelText(
      'Reviews per submission',
    )) as HTMLInputElement
    expect(perSubmission.value).toBe('3')

    fireEvent.change(perSubmission, { target: { value: '21' } })
    fireEvent.click(assignment.getByRole('button', { name: 'Assign reviewers' }))
    await settle()
    expect(assignment.getByText('At most 20 reviews per submission')).toBeTruthy()

    fireEvent.change(perSubmission, { target: { value: '2' } })
    fireEvent.click(assignment.getByRole('button', { name: 'Assign reviewers' }))
    expect(await assignment.findByRole('button', { name: 'Assigning...' })).toBeTruthy()
    expect(requestBody(fetchMock, 'POST', `${BASE}/assignments`)).toEqual({
      reviewsPerSubmission: 2,
    })

    answer.resolve(
      Response.json(
        assignmentOverviewFixture({
          reviewsPerSubmission: 2,
          submissions: 6,
          underAssigned: 0,
          underReviewed: 6,
          judges,
        }),
      ),
    )
    expect(await screen.findByText('Every submission has 2 judges.')).toBeTruthy()
    expect(assignment.getByText('0 under-assigned (fewer than 2 judges)')).toBeTruthy()
  })
})

describe('the ranking section', () => {
  const ranking = (statusOfFirst: 'submitted' | 'selected'): Ranking =>
    rankingFixture([
      rankingEntryFixture(1, {
        normalizedScore: 8.456,
        rawScore: 7.5,
        reviews: 3,
        spread: 1.25,
        applicant: { ...rankingEntryFixture(1).applicant, name: 'Asha Rao', status: statusOfFirst },
        roundState: statusOfFirst === 'selected' ? 'advanced' : 'submitted',
      }),
      rankingEntryFixture(2, {
        normalizedScore: 5.5,
        rawScore: 6,
        reviews: 2,
        spread: 0,
        // Advanced in this round, and submitted in the next one since: no Select here.
        applicant: { ...rankingEntryFixture(2).applicant, status: 'submitted' },
        roundState: 'advanced',
      }),
      rankingEntryFixture(3, { normalizedScore: null, rawScore: null, reviews: 0, spread: null }),
    ])

  it('ranks with scores to 2 decimals and bars on the scale, and explains the method', async () => {
    renderPage({ [`GET ${BASE}/ranking`]: () => Response.json(ranking('submitted')) })
    const section_ = await section('Ranking')
    const table = within(await section_.findByRole('table'))

    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Rank',
      'Applicant',
      'College',
      'Normalized',
      'Raw',
      'Reviews',
      'Spread',
      'In this round',
      'Actions',
    ])
    const rows = table.getAllByRole('row').slice(1)
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('td, th')].map((cell) => cell.textContent)
    expect(cells(rows[0]!)).toEqual([
      '1',
      'Asha RaoHS-0001',
      'City Engineering College',
      '8.46',
      '7.50',
      '3',
      '1.25',
      'Submitted',
      'Select',
    ])
    expect(cells(rows[1]!)).toEqual([
      '2',
      'Applicant 2HS-0002',
      'City Engineering College',
      '5.50',
      '6.00',
      '2',
      '0.00',
      'Advanced',
      '',
    ])
    expect(cells(rows[2]!).slice(3, 7)).toEqual([
      '—No reviews yet',
      '—No reviews yet',
      '0',
      '—No reviews yet',
    ])
    // 8.456 on 1 to 10 is 82.8% of the way; 5.5 is half.
    const bar = (row: HTMLElement) =>
      (row.querySelector('[aria-hidden="true"] > span') as HTMLElement).style.width
    expect(parseFloat(bar(rows[0]!))).toBeCloseTo(82.84, 1)
    expect(bar(rows[1]!)).toBe('50%')

    expect(
      section_.getByRole('heading', { level: 3, name: 'How the ranking is computed' }),
    ).toBeTruthy()
    expect(section_.getByText(RANKING_METHOD)).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('selects a submitted applicant in this round with the success toast, then shows the new status', async () => {
    let selected = false
    const applicantId = rankingEntryFixture(1).applicant.id
    const { fetchMock } = renderPage({
      [`GET ${BASE}/ranking`]: () => Response.json(ranking(selected ? 'selected' : 'submitted')),
      [`POST /api/applicants/${applicantId}/select`]: () => {
        selected = true
        return Response.json({ message: APPLICANT_MESSAGES.selected })
      },
    })
    const ranked = await section('Ranking')
    fireEvent.click(await ranked.findByRole('button', { name: 'Select Asha Rao' }))
    // Irreversible and emailed: asked first, naming the person and this round (issue 22).
    const dialog = within(screen.getByRole('alertdialog', { name: 'Select Applicant' }))
    expect(
      dialog.getByText('Select Asha Rao for Prototype Submission? They will be emailed.'),
    ).toBeTruthy()
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/select'))).toBe(false)
    fireEvent.click(dialog.getByRole('button', { name: 'Select' }))

    expect(await screen.findByText(APPLICANT_MESSAGES.selected)).toBeTruthy()
    expect(screen.getByText('Success')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/applicants/${applicantId}/select`,
      expect.objectContaining({ method: 'POST' }),
    )
    // The ranking's round, so the applicant advances from it and not from their latest round.
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/select'))
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ roundId: ROUND_ID })
    await waitFor(() =>
      expect(ranked.queryByRole('button', { name: 'Select Asha Rao' })).toBeNull(),
    )
    expect(ranked.getAllByText('Advanced')).toHaveLength(2)
  })

  it('tells a refused selection in an Error toast with the server’s message', async () => {
    renderPage({
      [`GET ${BASE}/ranking`]: () => Response.json(ranking('submitted')),
      [`POST /api/applicants/${rankingEntryFixture(1).applicant.id}/select`]: () =>
        errorResponse(409, APPLICANT_MESSAGES.notSubmitted, 'CONFLICT'),
    })
    fireEvent.click(
      await (await section('Ranking')).findByRole('button', { name: 'Select Asha Rao' }),
    )
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Select' }))

    expect(await screen.findByText(APPLICANT_MESSAGES.notSubmitted)).toBeTruthy()
    expect(screen.getByText('Error')).toBeTruthy()
  })

  it('exports the ranking as the CSV file the server names', async () => {
    const { fetchMock } = renderPage({
      [`GET ${BASE}/ranking.csv`]: () =>
        new Response('Rank,Applicant\n1,Asha Rao\n', {
          headers: { 'Content-Disposition': 'attachment; filename="ranking-prototype.csv"' },
        }),
    })
    fireEvent.click(await (await section('Ranking')).findByRole('button', { name: 'Export CSV' }))

    expect(await screen.findByText('Export Successful')).toBeTruthy()
    expect(downloads).toEqual([
      { name: 'ranking-prototype.csv', href: 'blob:http://localhost/ranking' },
    ])
    expect(fetchMock).toHaveBeenCalledWith(
      `${BASE}/ranking.csv`,
      expect.objectContaining({ credentials: 'include' }),
    )
  })

  it('tells a failed export and saves nothing', async () => {
    renderPage({
      [`GET ${BASE}/ranking.csv`]: () => errorResponse(500, 'The ranking could not be built'),
    })
    fireEvent.click(await (await section('Ranking')).findByRole('button', { name: 'Export CSV' }))

    expect(await screen.findByText('Export Failed')).toBeTruthy()
    expect(screen.getByText('The ranking could not be built')).toBeTruthy()
    expect(downloads).toEqual([])
  })
})
