import { REVIEW_MESSAGES, type SubmissionAnswer } from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { myReviewFixture, rubricFixture } from '@/features/reviews/testing'
import { requirementFixture, roundFixture } from '@/features/rounds/testing'
import { staffSubmissionFixture } from '@/features/submissions/testing'
import { formatDateTime } from '@/lib/date-time'
import { axeViolations } from '@/test/axe'
import { stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'
import { FROZEN_SHA, PINNED_SHA, frozenRepositoryFixture } from '@/test/repository-check'

import JurySubmissionsPage from './jury-submissions-page'

const DECK = '00000000-0000-4000-9000-000000000601'
const DEMO = '00000000-0000-4000-9000-000000000602'
const PITCH = '00000000-0000-4000-9000-000000000603'
const TEAM = '00000000-0000-4000-9000-000000000604'

const ROUNDS = [
  roundFixture(1, {
    id: '00000000-0000-4000-8000-000000000101',
    name: 'Prototype Submission',
    requirements: [
      requirementFixture(DECK, 'Pitch deck'),
      requirementFixture(DEMO, 'Demo video', { kind: 'link' }),
      requirementFixture(PITCH, 'One-line pitch', { kind: 'text', required: false }),
    ],
  }),
  roundFixture(2, { id: '00000000-0000-4000-8000-000000000102', name: 'Project Submission' }),
]

const answer = (
  requirementId: string,
  description: string,
  value: Partial<SubmissionAnswer>,
): SubmissionAnswer => ({
  requirementId,
  description,
  kind: 'file',
  current: true,
  file: null,
  url: null,
  text: null,
  ...value,
})

function renderPage(handlers: Record<string, Handler>) {
  const fetchMock = stubApi({
    'GET /api/rounds': () => Response.json({ rounds: ROUNDS }),
    ...handlers,
  })
  return { fetchMock, ...renderWithApp(<JurySubmissionsPage />, { user: userWithRole('jury') }) }
}

const list =
  (submissions: unknown[], total = submissions.length, totalPages = 1) =>
  () =>
    Response.json({ submissions, total, totalPages })

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

describe('the jury submissions page', () => {
  it('lists each submission with the applicant, round, repository, answers and history', async () => {
    const fileUrl = '/api/answer-files/00000000-0000-4000-a000-000000000701'
    const submission = staffSubmissionFixture(1, {
      answers: [
        answer(DECK, 'Pitch deck', {
          file: {
            id: '00000000-0000-4000-a000-000000000701',
            name: 'deck.pdf',
            size: 2_500_000,
            url: fileUrl,
          },
        }),
        answer(DEMO, 'Demo video', { kind: 'link', url: 'https://videos.example.org/demo' }),
        answer(PITCH, 'One-line pitch', { kind: 'text', text: 'Farm data for everyone.' }),
        answer(TEAM, 'Team list', { kind: 'text', current: false, text: 'Asha, Ravi' }),
      ],
      documents: [{ name: 'Pitch deck', url: fileUrl }],
      versions: [
        {
          githubUrl: 'https://github.com/team-1/old-project',
          documents: ['Pitch deck', 'Team list'],
          answers: [
            answer(DECK, 'Pitch deck', {
              file: {
                id: '00000000-0000-4000-a000-000000000702',
                name: 'old-deck.pdf',
                size: 4096,
                url: '/api/answer-files/00000000-0000-4000-a000-000000000702',
              },
            }),
            answer(TEAM, 'Team list', { kind: 'text', text: 'Asha' }),
          ],
          submittedAt: '2026-03-03T08:00:00.000Z',
        },
      ],
    })
    renderPage({ 'GET /api/submissions?page=1&limit=10': list([submission]) })

    expect(screen.getByRole('heading', { level: 1, name: 'Submissions' })).toBeTruthy()
    const card = within(
      (await screen.findByRole('heading', { level: 3, name: 'Applicant 1' })).closest('li')!,
    )
    expect(card.getByText('HS-0001')).toBeTruthy()
    expect(card.getByText(/City Engineering College/)).toBeTruthy()
    expect(card.getByText('Prototype Submission')).toBeTruthy()
    expect(card.getByText('Submitted', { selector: 'span' })).toBeTruthy()
    expect(card.getByText(formatDateTime(submission.submittedAt!))).toBeTruthy()

    const repo = card.getByRole('link', { name: /github\.com\/team-1\/project/ })
    expect(repo.getAttribute('href')).toBe(submission.githubUrl)
    expect(repo.getAttribute('target')).toBe('_blank')
    expect(repo.getAttribute('rel')).toBe('noopener noreferrer')

    // Each answer under its requirement: the file by name and size, the link, the text.
    const answers = within(card.getByRole('heading', { level: 4, name: 'Answers' }).parentElement!)
    const file = answers.getByRole('link', { name: /deck\.pdf/ })
    expect(file.getAttribute('href')).toBe(fileUrl)
    expect(file.closest('dd')?.textContent).toContain('2.4 MB')
    expect(answers.getByRole('link', { name: /videos\.example\.org\/demo/ })).toBeTruthy()
    expect(answers.getByText('Farm data for everyone.')).toBeTruthy()
    expect(answers.getByText('Team list').textContent).toBe('Team list (no longer asked)')
    expect(answers.getByText('Pitch deck').textContent).toBe('Pitch deck')
    // The answers replace the old list of documents.
    expect(card.queryByText('Documents')).toBeNull()

    const history = card.getByText(/Version history \(1 earlier version\)/).closest('details')!
    expect(history.open).toBe(false)
    fireEvent.click(within(history).getByText(/Version history/))
    const old = within(history).getByRole('link', { name: /old-project/ })
    expect(old.getAttribute('href')).toBe('https://github.com/team-1/old-project')
    expect(within(history).getByText(formatDateTime('2026-03-03T08:00:00.000Z'))).toBeTruthy()
    expect(within(history).getByRole('link', { name: /old-deck\.pdf/ })).toBeTruthy()
    // The round no longer asks for a team list: the earlier answer to it says so.
    expect(within(history).getByText(/^Team list/).textContent).toBe('Team list (no longer asked)')

    expect(screen.getByText('Showing 1 to 1 of 1 results')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('shows the ticked documents of a submission made before answers existed', async () => {
    const submission = staffSubmissionFixture(1, {
      documents: [
        { name: 'Pitch deck', url: '/api/files/deck' },
        { name: 'Write-up', url: null },
      ],
    })
    renderPage({ 'GET /api/submissions?page=1&limit=10': list([submission]) })

    const card = within(
      (await screen.findByRole('heading', { level: 3, name: 'Applicant 1' })).closest('li')!,
    )
    expect(card.getByText('Documents')).toBeTruthy()
    expect(card.getByRole('link', { name: /Pitch deck/ }).getAttribute('href')).toBe(
      '/api/files/deck',
    )
    expect(card.getByText('Write-up')).toBeTruthy()
    expect(card.queryByRole('heading', { name: 'Answers' })).toBeNull()
  })

  it('shows the commits GitHub pinned and froze, and what changed after the deadline', async () => {
    const repository = frozenRepositoryFixture(2, { isFork: true })
    renderPage({
      'GET /api/submissions?page=1&limit=10': list([
        staffSubmissionFixture(1, { githubUrl: 'https://github.com/asha/prototype', repository }),
        staffSubmissionFixture(2),
      ]),
    })

    const card = within(
      (await screen.findByRole('heading', { level: 3, name: 'Applicant 1' })).closest('li')!,
    )
    expect(card.getByRole('link', { name: /^3f2a9c1/ }).getAttribute('href')).toBe(
      `https://github.com/asha/prototype/tree/${PINNED_SHA}`,
    )
    const frozen = card.getByRole('link', { name: /^9e8d7c6/ })
    expect(frozen.getAttribute('href')).toBe(`https://github.com/asha/prototype/tree/${FROZEN_SHA}`)
    expect(frozen.closest('p')?.textContent).toContain('Frozen at the deadline:')
    expect(card.getByText(formatDateTime(repository.frozenAt!))).toBeTruthy()
    expect(
      within(card.getByRole('list', { name: 'Repository flags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fork', '2 commits after the deadline'])
    expect(card.getByText('Commits pushed after the deadline (2)')).toBeTruthy()
    expect(card.getByText(formatDateTime(repository.checkedAt!))).toBeTruthy()

    // A submission from before GitHub was asked shows its address and nothing more.
    const older = within(
      screen.getByRole('heading', { level: 3, name: 'Applicant 2' }).closest('li')!,
    )
    expect(older.queryByText(/pinned when submitted/)).toBeNull()
    expect(older.queryByRole('list', { name: 'Repository flags' })).toBeNull()
    expect(await axeViolations()).toEqual([])
  })

  it('asks for one round when a round is chosen, and for a search after a pause', async () => {
    const { fetchMock } = renderPage({
      'GET /api/submissions?page=1&limit=10': list([
        staffSubmissionFixture(1),
        staffSubmissionFixture(2, { round: ROUNDS[1]! }),
      ]),
      [`GET /api/submissions?roundId=${ROUNDS[1]!.id}&page=1&limit=10`]: list([
        staffSubmissionFixture(2, { round: ROUNDS[1]! }),
      ]),
      [`GET /api/submissions?roundId=${ROUNDS[1]!.id}&search=HS-0002&page=1&limit=10`]: list([
        staffSubmissionFixture(2, { round: ROUNDS[1]! }),
      ]),
    })
    await screen.findByRole('heading', { level: 3, name: 'Applicant 1' })

    const filter = screen.getByLabelText('Filter by round') as HTMLSelectElement
    await waitFor(() => expect(filter.options).toHaveLength(3))
    expect([...filter.options].map((o) => o.text)).toEqual([
      'All Rounds',
      'Prototype Submission',
      'Project Submission',
    ])
    fireEvent.change(filter, { target: { value: ROUNDS[1]!.id } })

    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: 'Applicant 1' })).toBeNull(),
    )
    expect(screen.getByRole('heading', { level: 3, name: 'Applicant 2' })).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Search by applicant name or registration ID'), {
      target: { value: ' HS-0002 ' },
    })
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/submissions?roundId=${ROUNDS[1]!.id}&search=HS-0002&page=1&limit=10`,
        expect.anything(),
      ),
    )
  })

  it('pages through the results', async () => {
    const firstPage = Array.from({ length: 10 }, (_, i) => staffSubmissionFixture(i + 1))
    renderPage({
      'GET /api/submissions?page=1&limit=10': list(firstPage, 12, 2),
      'GET /api/submissions?page=2&limit=10': list(
        [staffSubmissionFixture(11), staffSubmissionFixture(12)],
        12,
        2,
      ),
    })

    expect(await screen.findByText('Showing 1 to 10 of 12 results')).toBeTruthy()
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement
    expect(previous.disabled).toBe(true)

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Next' })))

    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 3, name: 'Applicant 12' })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' }))
  })

  it('says when there is nothing to review', async () => {
    renderPage({ 'GET /api/submissions?page=1&limit=10': list([]) })

    expect(await screen.findByText('No submissions found')).toBeTruthy()
    expect(
      screen.getByText('Submissions appear here once applicants send their work.'),
    ).toBeTruthy()
  })
})

describe('scoring on the jury submissions page', () => {
  const card = async (name: string) =>
    within((await screen.findByRole('heading', { level: 3, name })).closest('li')!)

  it('gives each card Score or Edit score, whether it is assigned, and the saved score', async () => {
    renderPage({
      'GET /api/submissions?page=1&limit=10': list([
        staffSubmissionFixture(1, {
          myReview: { assigned: true, total: 8.25, savedAt: '2026-03-05T10:00:00.000Z' },
        }),
        staffSubmissionFixture(2, {
          myReview: { assigned: false, total: null, savedAt: null },
        }),
      ]),
      [`GET /api/rounds/${ROUNDS[0]!.id}/rubric`]: () => Response.json(rubricFixture()),
    })

    const scored = await card('Applicant 1')
    expect(scored.getByRole('button', { name: 'Edit score for Applicant 1' })).toBeTruthy()
    expect(scored.getByText('Assigned to you')).toBeTruthy()
    await waitFor(() =>
      expect(scored.getByText(/^Your score:/).textContent).toBe('Your score: 8.25 / 10'),
    )

    const open = await card('Applicant 2')
    expect(open.getByRole('button', { name: 'Score Applicant 2' })).toBeTruthy()
    expect(open.queryByText('Assigned to you')).toBeNull()
    expect(open.getByText('Not scored yet')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('drops a submission from the list once the jury member declares a conflict of interest', async () => {
    const first = staffSubmissionFixture(1)
    let submissions = [first, staffSubmissionFixture(2)]
    const { fetchMock } = renderPage({
      'GET /api/submissions?page=1&limit=10': () => list(submissions)(),
      [`GET /api/submissions/${first.id}/review`]: () => Response.json(myReviewFixture(first.id)),
      [`POST /api/submissions/${first.id}/conflict`]: () => {
        submissions = submissions.filter((s) => s.id !== first.id)
        return Response.json({ message: REVIEW_MESSAGES.conflictSaved })
      },
    })
    const main = document.getElementById('main-content')!

    fireEvent.click((await card('Applicant 1')).getByRole('button', { name: 'Score Applicant 1' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Score Applicant 1' }))
    fireEvent.click(await dialog.findByRole('button', { name: 'Declare conflict of interest' }))
    const confirm = within(
      await screen.findByRole('alertdialog', { name: 'Declare a conflict of interest?' }),
    )
    fireEvent.change(confirm.getByLabelText('Reason (optional)'), {
      target: { value: ' My cousin is on the team ' },
    })
    fireEvent.click(confirm.getByRole('button', { name: 'Declare conflict' }))

    expect(await screen.findByText(REVIEW_MESSAGES.conflictSaved)).toBeTruthy()
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/conflict'))
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'My cousin is on the team' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: 'Applicant 1' })).toBeNull(),
    )
    expect(screen.getByRole('heading', { level: 3, name: 'Applicant 2' })).toBeTruthy()
    // The button that opened the dialog is gone with its card: focus waits on the page instead.
    expect(document.activeElement).toBe(main)
  })
})
