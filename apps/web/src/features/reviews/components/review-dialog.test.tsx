import { REVIEW_MESSAGES, type MyReview, type StaffSubmission } from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { formatDateTime } from '@/lib/date-time'
import { axeViolations } from '@/test/axe'
import { errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'
import { settle } from '@/test/settle'

import { myReviewFixture, rubricFixture, scoresFixture } from '../testing'
import { SubmissionReview } from './submission-review'

const SUBMISSION_ID = '00000000-0000-4000-8000-000000000401'
const ROUND = { id: '00000000-0000-4000-8000-000000000101', name: 'Prototype Submission' }
const REVIEW_URL = `/api/submissions/${SUBMISSION_ID}/review`
const LABELS = [
  'Code quality (1 to 10)',
  'Innovation (1 to 10)',
  'Technical implementation (1 to 10)',
  'Documentation (1 to 10)',
]

function submission(myReview: StaffSubmission['myReview'] = null): StaffSubmission {
  return {
    id: SUBMISSION_ID,
    status: 'submitted',
    githubUrl: 'https://github.com/team-1/project',
    submittedAt: '2026-03-04T10:05:00.000Z',
    round: ROUND,
    applicant: {
      id: '00000000-0000-4000-8000-000000000501',
      name: 'Asha Rao',
      registrationId: 'HS-0001',
      collegeName: 'City Engineering College',
      status: 'submitted',
    },
    documents: [],
    answers: [],
    versions: [],
    repository: null,
    myReview,
  }
}

function renderReview(item: StaffSubmission, handlers: Record<string, Handler>) {
  const fetchMock = stubApi(handlers)
  renderWithApp(
    <main id="main-content" tabIndex={-1}>
      <SubmissionReview submission={item} />
    </main>,
    { user: userWithRole('jury') },
  )
  return fetchMock
}

async function openDialog(name = 'Score Asha Rao') {
  fireEvent.click(screen.getByRole('button', { name }))
  const dialog = await screen.findByRole('dialog', { name: 'Score Asha Rao' })
  return within(dialog)
}

function requestBody(fetchMock: ReturnType<typeof stubApi>, method: string, url: string) {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === method)
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

describe('a submission card’s review', () => {
  it('offers Score until the jury member has scored, without asking for the rubric', () => {
    const fetchMock = renderReview(submission({ assigned: false, total: null, savedAt: null }), {})

    expect(screen.getByRole('button', { name: 'Score Asha Rao' }).textContent).toBe('Score')
    expect(screen.getByText('Not scored yet')).toBeTruthy()
    expect(screen.queryByText('Assigned to you')).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says it is assigned, shows the saved score out of the scale, and offers Edit score', async () => {
    renderReview(submission({ assigned: true, total: 7.5, savedAt: '2026-03-05T10:00:00.000Z' }), {
      [`GET /api/rounds/${ROUND.id}/rubric`]: () => Response.json(rubricFixture()),
    })

    expect(screen.getByText('Assigned to you')).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Edit score for Asha Rao' })
    expect(button.textContent).toBe('Edit score')
    await waitFor(() =>
      expect(screen.getByText(/^Your score:/).textContent).toBe('Your score: 7.5 / 10'),
    )
  })
})

describe('the review dialog', () => {
  it('shows every criterion with its scale, then saves every score and comment', async () => {
    const saved: MyReview = myReviewFixture(SUBMISSION_ID, {
      scores: scoresFixture([7, 8, 6, 9]),
      total: 7.5,
      savedAt: '2026-03-05T10:00:00.000Z',
    })
    const fetchMock = renderReview(submission({ assigned: true, total: null, savedAt: null }), {
      [`GET ${REVIEW_URL}`]: () => Response.json(myReviewFixture(SUBMISSION_ID)),
      [`PUT ${REVIEW_URL}`]: () => Response.json(saved),
      'GET /api/submissions': () => Response.json({ submissions: [], total: 0, totalPages: 0 }),
    })

    const dialog = await openDialog()
    expect(dialog.getByText(/HS-0001 · Prototype Submission/)).toBeTruthy()
    const selects = await Promise.all(
      LABELS.map((label) => dialog.findByLabelText(label) as Promise<HTMLSelectElement>),
    )
    expect([...selects[0]!.options].map((o) => o.text)).toEqual([
      'Not scored',
      ...Array.from({ length: 10 }, (_, i) => String(i + 1)),
    ])
    expect(dialog.getAllByText('Weight 25%')).toHaveLength(4)
    expect(await axeViolations()).toEqual([])

    ;[7, 8, 6, 9].forEach((score, i) =>
      fireEvent.change(selects[i]!, { target: { value: String(score) } }),
    )
    fireEvent.change(dialog.getByLabelText('Comment on Innovation (optional)'), {
      target: { value: '  A fresh take.  ' },
    })
    fireEvent.change(dialog.getByLabelText('Overall comment (optional)'), {
      target: { value: 'Solid work.' },
    })
    expect(dialog.getByText(/^Weighted score:/).textContent).toBe('Weighted score: 7.50 / 10')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(REVIEW_MESSAGES.saved)).toBeTruthy()
    expect(requestBody(fetchMock, 'PUT', REVIEW_URL)).toEqual({
      scores: scoresFixture([7, 8, 6, 9], ['', 'A fresh take.']),
      comment: 'Solid work.',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('saves nothing until every criterion has a score, and goes to the first one missing', async () => {
    const fetchMock = renderReview(submission(), {
      [`GET ${REVIEW_URL}`]: () => Response.json(myReviewFixture(SUBMISSION_ID)),
    })
    const dialog = await openDialog()
    fireEvent.change(await dialog.findByLabelText(LABELS[0]!), { target: { value: '5' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await settle()

    expect(dialog.getByRole('alert').textContent).toBe(REVIEW_MESSAGES.notScored)
    const innovation = dialog.getByLabelText(LABELS[1]!)
    expect(document.activeElement).toBe(innovation)
    expect(innovation.getAttribute('aria-invalid')).toBe('true')
    expect(dialog.getByLabelText(LABELS[0]!).getAttribute('aria-invalid')).toBeNull()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)
  })

  it('starts from the saved scores and lists every earlier save in the history', async () => {
    renderReview(submission({ assigned: true, total: 7.5, savedAt: '2026-03-05T10:00:00.000Z' }), {
      [`GET /api/rounds/${ROUND.id}/rubric`]: () => Response.json(rubricFixture()),
      [`GET ${REVIEW_URL}`]: () =>
        Response.json(
          myReviewFixture(SUBMISSION_ID, {
            scores: scoresFixture([7, 8, 6, 9], ['Clean code']),
            comment: 'Solid work.',
            total: 7.5,
            savedAt: '2026-03-05T10:00:00.000Z',
            history: [
              {
                savedAt: '2026-03-05T10:00:00.000Z',
                scores: scoresFixture([7, 8, 6, 9], ['Clean code']),
                comment: 'Solid work.',
              },
              {
                savedAt: '2026-03-04T09:00:00.000Z',
                scores: scoresFixture([4, 4, 4, 4]),
                comment: '',
              },
            ],
          }),
        ),
    })

    const dialog = await openDialog('Edit score for Asha Rao')
    const quality = (await dialog.findByLabelText(LABELS[0]!)) as HTMLSelectElement
    expect(quality.value).toBe('7')
    expect((dialog.getByLabelText(LABELS[3]!) as HTMLSelectElement).value).toBe('9')
    expect(
      (dialog.getByLabelText('Comment on Code quality (optional)') as HTMLTextAreaElement).value,
    ).toBe('Clean code')
    expect((dialog.getByLabelText('Overall comment (optional)') as HTMLTextAreaElement).value).toBe(
      'Solid work.',
    )

    const history = dialog.getByText('History (2 saves)').closest('details')!
    expect(history.open).toBe(false)
    fireEvent.click(within(history).getByText('History (2 saves)'))
    const saves = within(history)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL')
    expect(saves).toHaveLength(2)
    expect(saves[0]!.textContent).toContain(formatDateTime('2026-03-05T10:00:00.000Z'))
    expect(saves[0]!.textContent).toContain('Weighted score 7.50 / 10')
    expect(saves[0]!.textContent).toContain('Code quality: 7 (Clean code)')
    expect(saves[0]!.textContent).toContain('Overall: Solid work.')
    expect(saves[1]!.textContent).toContain(formatDateTime('2026-03-04T09:00:00.000Z'))
    expect(saves[1]!.textContent).toContain('Weighted score 4.00 / 10')
  })

  it('shows the review read-only once the round’s reviews have closed', async () => {
    renderReview(submission({ assigned: true, total: 7.5, savedAt: '2026-03-05T10:00:00.000Z' }), {
      [`GET /api/rounds/${ROUND.id}/rubric`]: () => Response.json(rubricFixture()),
      [`GET ${REVIEW_URL}`]: () =>
        Response.json(
          myReviewFixture(SUBMISSION_ID, {
            scores: scoresFixture([7, 8, 6, 9]),
            total: 7.5,
            savedAt: '2026-03-05T10:00:00.000Z',
            editable: false,
          }),
        ),
    })

    const dialog = await openDialog('Edit score for Asha Rao')
    expect(await dialog.findByText(REVIEW_MESSAGES.reviewClosed)).toBeTruthy()
    expect(dialog.queryByRole('combobox')).toBeNull()
    expect(dialog.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(dialog.queryByRole('button', { name: 'Declare conflict of interest' })).toBeNull()
    expect(dialog.getByText(LABELS[0]!).nextElementSibling?.textContent).toBe('7')
    expect(dialog.getByText(/^Your score:/).textContent).toBe('Your score: 7.50 / 10')
    expect(await axeViolations()).toEqual([])
  })

  it('turns read-only when the server says reviews closed while the form was open', async () => {
    let closed = false
    renderReview(submission(), {
      [`GET ${REVIEW_URL}`]: () =>
        Response.json(myReviewFixture(SUBMISSION_ID, { editable: !closed })),
      [`PUT ${REVIEW_URL}`]: () => {
        closed = true
        return errorResponse(409, REVIEW_MESSAGES.reviewClosed, 'CONFLICT')
      },
    })
    const dialog = await openDialog()
    for (const label of LABELS) {
      fireEvent.change(await dialog.findByLabelText(label), { target: { value: '6' } })
    }
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Error')).toBeTruthy()
    await waitFor(() => expect(dialog.queryByRole('combobox')).toBeNull())
    expect(dialog.getAllByText(REVIEW_MESSAGES.reviewClosed).length).toBeGreaterThan(0)
  })
})
