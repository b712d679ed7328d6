import type { ApplicantRound } from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import {
  roundFixture,
  storeSession,
  submissionFixture,
  TOKEN,
} from '@/features/applicant-portal/testing'
import { answerFixture } from '@/features/submissions/testing'
import { formatDateTime, viewerTimeZone } from '@/lib/date-time'
import { axeViolations } from '@/test/axe'
import { stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'
import {
  FROZEN_SHA,
  PINNED_SHA,
  frozenRepositoryFixture,
  repositoryCheckFixture,
} from '@/test/repository-check'

import ApplicantSubmissionsPage from './applicant-submissions-page'

function renderSubmissions(
  submissions: unknown[],
  {
    rounds = [],
    handlers = {},
  }: { rounds?: ApplicantRound[]; handlers?: Record<string, Handler> } = {},
) {
  const fetchMock = stubApi({
    'GET /api/applicant/my-submissions': () => Response.json({ submissions }),
    'GET /api/applicant/rounds': () => Response.json({ rounds }),
    ...handlers,
  })
  return {
    fetchMock,
    ...renderWithApp(<ApplicantSubmissionsPage />, { path: '/applicant/submissions' }),
  }
}

afterEach(() => {
  act(() => dismissToast())
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the applicant submissions page', () => {
  it('sends a visitor without a stored token to the login page', () => {
    const { fetchMock, location } = renderSubmissions([])

    expect(location.history).toEqual(['/applicant/login'])
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('lists each submission with its status, repository, documents and time', async () => {
    storeSession()
    const first = submissionFixture(1, {
      stageName: 'Ideation',
      status: 'accepted',
      documents: [{ name: 'Pitch deck.pdf', url: '/uploads/pitch.pdf' }],
    })
    const draft = submissionFixture(2, {
      stageName: 'Prototype',
      status: 'draft',
      githubUrl: 'javascript:alert(1)',
      submittedAt: null,
    })
    const { fetchMock } = renderSubmissions([first, draft])

    const ideation = await screen.findByRole('heading', { level: 2, name: 'Ideation' })
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'My Submissions',
    ])
    for (const [, init] of fetchMock.mock.calls) {
      expect(init?.headers).toEqual({ Authorization: `Bearer ${TOKEN}` })
    }

    const [firstCard, draftCard] = screen
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('h2'))
      .map((li) => within(li))
    if (!firstCard || !draftCard) throw new Error('Expected two submissions')
    expect(firstCard.getByRole('heading', { level: 2 })).toBe(ideation)
    expect(firstCard.getByText('Accepted')).toBeTruthy()
    const repo = firstCard.getByRole('link', { name: /github\.com\/asha\/project-1/ })
    expect(repo.getAttribute('href')).toBe(first.githubUrl)
    expect(repo.getAttribute('target')).toBe('_blank')
    expect(repo.getAttribute('rel')).toBe('noopener noreferrer')
    expect(firstCard.getByRole('link', { name: /Pitch deck\.pdf/ }).getAttribute('href')).toBe(
      '/uploads/pitch.pdf',
    )
    expect(firstCard.getByText(formatDateTime(first.submittedAt!))).toBeTruthy()
    expect(
      screen.getByText(
        `Your work for each stage. Times are shown in your time zone (${viewerTimeZone()}).`,
      ),
    ).toBeTruthy()

    expect(draftCard.getByText('Draft')).toBeTruthy()
    expect(draftCard.getByText(/Not submitted yet/)).toBeTruthy()
    // An address that is not a web address is shown, never made a link.
    expect(draftCard.getByText('javascript:alert(1)')).toBeTruthy()
    expect(draftCard.queryByRole('link')).toBeNull()
  })

  it('folds away the earlier versions of a resubmitted stage, newest first', async () => {
    storeSession()
    renderSubmissions([
      submissionFixture(1, {
        versions: [
          {
            githubUrl: 'https://github.com/asha/second-try',
            documents: ['Deck v2.pdf'],
            answers: [],
            submittedAt: '2026-03-02T09:00:00.000Z',
          },
          {
            githubUrl: 'https://github.com/asha/first-try',
            documents: [],
            answers: [],
            submittedAt: '2026-03-01T09:00:00.000Z',
          },
        ],
      }),
    ])

    const summary = await screen.findByText('Earlier versions (2)')
    const versions = within(summary.closest('details') as HTMLElement)
    expect(
      versions.getAllByRole('link', { hidden: true }).map((a) => a.getAttribute('href')),
    ).toEqual(['https://github.com/asha/second-try', 'https://github.com/asha/first-try'])
    expect(versions.getByText('Documents: Deck v2.pdf')).toBeTruthy()
  })

  it('shows each answer: a file with its size, a link, a text, and what is no longer asked', async () => {
    storeSession()
    renderSubmissions([
      submissionFixture(1, {
        stageName: 'Ideation',
        documents: [{ name: 'What document 1 holds', url: '/api/applicant/answer-files/x' }],
        answers: [
          answerFixture(1, { description: 'Pitch deck' }),
          answerFixture(2, {
            description: 'Demo video',
            kind: 'link',
            file: null,
            url: 'https://youtu.be/demo',
          }),
          answerFixture(3, {
            description: 'Summary',
            kind: 'text',
            file: null,
            text: 'Rides for students.\nSafe and cheap.',
          }),
          answerFixture(4, {
            description: 'Team photo',
            kind: 'link',
            file: null,
            url: 'https://example.org/team.jpg',
            current: false,
          }),
        ],
      }),
    ])

    const card = within(
      (await screen.findByRole('heading', { level: 2, name: 'Ideation' })).closest('li')!,
    )
    expect(card.getByRole('heading', { level: 3, name: 'Answers' })).toBeTruthy()
    expect(card.queryByRole('heading', { level: 3, name: 'Documents' })).toBeNull()
    const terms = card.getAllByRole('term').map((dt) => dt.textContent)
    expect(terms).toEqual(['Pitch deck', 'Demo video', 'Summary', 'Team photo (no longer asked)'])
    expect(card.getByRole('button', { name: 'Download document-1.pdf' })).toBeTruthy()
    expect(card.getByText('1.5 MB')).toBeTruthy()
    expect(card.getByRole('link', { name: /youtu\.be\/demo/ }).getAttribute('href')).toBe(
      'https://youtu.be/demo',
    )
    expect(card.getByText(/Rides for students\./).textContent).toBe(
      'Rides for students.\nSafe and cheap.',
    )
    expect(await axeViolations()).toEqual([])
  })

  it('downloads an answer file with the bearer token, which a plain link could not carry', async () => {
    storeSession()
    const createObjectURL = vi.fn(() => 'blob:answer')
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL
        static override revokeObjectURL = vi.fn()
      },
    )
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const answer = answerFixture(1, { description: 'Pitch deck' })
    const { fetchMock } = renderSubmissions([submissionFixture(1, { answers: [answer] })], {
      handlers: {
        [`GET ${answer.file!.url}`]: () =>
          new Response('%PDF', {
            headers: { 'Content-Disposition': 'attachment; filename="deck-final.pdf"' },
          }),
      },
    })

    fireEvent.click(await screen.findByRole('button', { name: 'Download document-1.pdf' }))

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1))
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('deck-final.pdf')
    const call = fetchMock.mock.calls.find(([url]) => url === answer.file!.url)
    expect(call?.[1]?.headers).toEqual({ Authorization: `Bearer ${TOKEN}` })
  })

  it('shows the answers of earlier versions, marking those the stage no longer asks for', async () => {
    storeSession()
    const stage = roundFixture(1, {
      requirements: [
        {
          id: answerFixture(1).requirementId,
          description: 'Pitch deck',
          template: null,
          kind: 'file',
          required: true,
          fileTypes: ['pdf'],
          maxSizeMb: 10,
        },
      ],
    })
    renderSubmissions(
      [
        submissionFixture(1, {
          answers: [answerFixture(1, { description: 'Pitch deck' })],
          versions: [
            {
              githubUrl: 'https://github.com/asha/first-try',
              documents: ['Pitch deck', 'Team photo'],
              // A version is a snapshot: its answers never say whether they are still asked.
              answers: [
                answerFixture(1, { description: 'Pitch deck', current: false }),
                answerFixture(2, { description: 'Team photo', current: false }),
              ],
              submittedAt: '2026-03-01T09:00:00.000Z',
            },
          ],
        }),
      ],
      { rounds: [stage] },
    )

    const summary = await screen.findByText('Earlier versions (1)')
    const versions = within(summary.closest('details') as HTMLElement)
    await waitFor(() =>
      expect(versions.getAllByRole('term', { hidden: true }).map((dt) => dt.textContent)).toEqual([
        'Pitch deck',
        'Team photo (no longer asked)',
      ]),
    )
    expect(
      versions.getByRole('button', { name: 'Download document-2.pdf', hidden: true }),
    ).toBeTruthy()
    expect(versions.queryByText(/^Documents:/)).toBeNull()
  })

  it('shows the commits pinned and frozen for each stage, and what is not verified yet', async () => {
    storeSession()
    renderSubmissions([
      submissionFixture(1, {
        stageName: 'Ideation',
        githubUrl: 'https://github.com/asha/prototype',
        repository: frozenRepositoryFixture(3, { isFork: true }),
      }),
      submissionFixture(2, {
        stageName: 'Prototype',
        repository: repositoryCheckFixture({
          state: 'pending',
          repo: 'project-2',
          pinnedSha: null,
          pinnedAt: null,
          checkedAt: null,
        }),
      }),
    ])

    const [frozenCard, pendingCard] = (
      await screen.findAllByRole('heading', { level: 2, name: /Ideation|Prototype/ })
    ).map((heading) => within(heading.closest('li')!))
    expect(frozenCard!.getByRole('link', { name: /^3f2a9c1/ }).getAttribute('href')).toBe(
      `https://github.com/asha/prototype/tree/${PINNED_SHA}`,
    )
    expect(frozenCard!.getByRole('link', { name: /^9e8d7c6/ }).getAttribute('href')).toBe(
      `https://github.com/asha/prototype/tree/${FROZEN_SHA}`,
    )
    // The flags are the jury's to weigh.
    expect(frozenCard!.queryByText('Fork')).toBeNull()
    expect(frozenCard!.queryByText(/commits after the deadline/)).toBeNull()

    expect(pendingCard!.getByText('not verified yet')).toBeTruthy()
    expect(
      pendingCard!.getByText(
        'GitHub could not be reached when this was submitted; it will be checked again automatically.',
      ),
    ).toBeTruthy()
  })

  it('says there is nothing yet, with the way back to the dashboard', async () => {
    storeSession()
    renderSubmissions([])

    expect(await screen.findByRole('heading', { name: 'No submissions yet' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/applicant/dashboard',
    )
  })
})
