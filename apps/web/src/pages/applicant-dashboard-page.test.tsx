import {
  APPLICANT_STORAGE,
  SUBMISSION_MESSAGES,
  type ApplicantDashboard,
  type ProgressItem,
} from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import {
  applicantFixture,
  dashboardFixture,
  roundFixture,
  storeSession,
  TOKEN,
} from '@/features/applicant-portal/testing'
import { formatDateTime } from '@/lib/date-time'
import { axeViolations } from '@/test/axe'
import { deferred, errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'

import ApplicantDashboardPage from './applicant-dashboard-page'

function renderDashboard(
  dashboard: ApplicantDashboard | Handler = dashboardFixture(),
  handlers: Record<string, Handler> = {},
) {
  const fetchMock = stubApi({
    'GET /api/applicant/dashboard':
      typeof dashboard === 'function' ? dashboard : () => Response.json(dashboard),
    'POST /api/applicant/logout': () => Response.json({ message: 'Logged out' }),
    ...handlers,
  })
  return {
    fetchMock,
    ...renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' }),
  }
}

const notices = () => within(screen.getByRole('region', { name: /Notifications/ }))

const STEPS = ['registered', 'selected', 'confirmed', 'submitted', 'reviewed'] as const

/** The five progress items as the server sends them, the first `completed` of them done. */
function progress(completed: number): ProgressItem[] {
  return STEPS.map((id, index) => ({
    id,
    description: `The ${id} step`,
    status: index < completed ? 'completed' : 'pending',
    completedAt: index < completed ? '2026-01-05T09:00:00.000Z' : null,
    createdAt: '2026-01-05T09:00:00.000Z',
  }))
}

const DAY = 24 * 60 * 60 * 1000
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString()
const sessionCleared = () =>
  localStorage.getItem(APPLICANT_STORAGE.token) === null &&
  localStorage.getItem(APPLICANT_STORAGE.applicant) === null

afterEach(() => {
  act(() => dismissToast())
  localStorage.clear()
  vi.unstubAllGlobals()
})

describe('the applicant dashboard', () => {
  it('sends a visitor without a stored token to the login page, asking the server nothing', () => {
    const { fetchMock, location } = renderDashboard()

    expect(location.history).toEqual(['/applicant/login'])
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('loads with the bearer token and greets the applicant with their status and profile', async () => {
    storeSession()
    const { fetchMock } = renderDashboard(
      dashboardFixture({
        applicant: applicantFixture({ name: 'Asha Rao' }),
        currentStatus: 'selected',
        progress: progress(2),
        history: [
          {
            id: 'registered',
            description: 'Registered for the hackathon',
            at: '2026-01-05T09:00:00.000Z',
          },
          { id: 'e1', description: 'Submitted to Ideation', at: '2026-02-01T09:00:00.000Z' },
          { id: 'e2', description: 'Selected in Ideation', at: '2026-02-10T09:00:00.000Z' },
        ],
      }),
    )

    // The stored name greets the applicant at once; the rest waits for the server's answer.
    const heading = screen.getByRole('heading', { level: 1, name: 'Welcome, Asha Rao!' })
    expect(await screen.findByText('HS-ABCD-EFGH')).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 1 })).toEqual([heading])
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ Authorization: `Bearer ${TOKEN}` })
    expect(screen.getByText(/^Status/).textContent).toBe('Status Selected')
    expect(screen.getByText('City Engineering College')).toBeTruthy()
    const history = screen.getByRole('list', { name: 'Application History' })
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Registered for the hackathon${formatDateTime('2026-01-05T09:00:00.000Z')}`,
      `Submitted to Ideation${formatDateTime('2026-02-01T09:00:00.000Z')}`,
      `Selected in Ideation${formatDateTime('2026-02-10T09:00:00.000Z')}`,
    ])
    expect(screen.getByRole('link', { name: /My Submissions/ }).getAttribute('href')).toBe(
      '/applicant/submissions',
    )
  })

  it('counts 20% for each completed progress item, so the bar never contradicts the steps', async () => {
    storeSession()
    // The status alone would read 80%; the items say three steps are done.
    renderDashboard(dashboardFixture({ currentStatus: 'submitted', progress: progress(3) }))

    const bar = await screen.findByRole('progressbar', { name: 'Overall Progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('60')
    expect(bar.getAttribute('aria-valuemin')).toBe('0')
    expect(bar.getAttribute('aria-valuemax')).toBe('100')
    expect(screen.getByText('60%')).toBeTruthy()
    expect(screen.getByText('Step 3 of 5: Confirmed')).toBeTruthy()
    const steps = screen.getByText('Step 3 of 5: Confirmed').closest('div')!.parentElement!
    expect(
      within(steps.querySelector('ol')!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Registered, done',
      'Selected, done',
      'Confirmed, done',
      '4Submitted, not yet',
      '5Reviewed, not yet',
    ])
  })

  it('lists every stage in order, each with where it stands, and offers Submit only where it is open', async () => {
    storeSession()
    const rounds = [
      // Given out of order: the card follows the stage numbers.
      roundFixture(3, {
        name: 'Prototype',
        access: 'locked',
        locked: true,
        state: null,
        accessMessage: SUBMISSION_MESSAGES.lockedBehind('Ideation'),
        startTime: inDays(-1),
        endTime: inDays(5),
      }),
      roundFixture(1, {
        name: 'Registration Round',
        status: 'completed',
        access: 'closed',
        accessMessage: SUBMISSION_MESSAGES.expired,
        state: 'advanced',
        endTime: inDays(-10),
        startTime: inDays(-20),
        submission: { id: '00000000-0000-4000-8000-000000000901', submittedAt: inDays(-12) },
      }),
      roundFixture(2, {
        name: 'Ideation',
        startTime: inDays(-1),
        endTime: new Date(Date.now() + 2 * DAY + 3 * 60 * 60_000 + 60_000).toISOString(),
        submission: { id: '00000000-0000-4000-8000-000000000902', submittedAt: inDays(-0.5) },
        state: 'submitted',
      }),
      roundFixture(4, {
        name: 'Finale',
        status: 'upcoming',
        access: 'not_open_yet',
        accessMessage: SUBMISSION_MESSAGES.notOpenYet,
        state: null,
        startTime: inDays(20),
        endTime: inDays(21),
      }),
      roundFixture(5, {
        name: 'Stage 5: Demo Day',
        access: 'open',
        startTime: inDays(-1),
        endTime: inDays(30),
      }),
    ]
    renderDashboard(dashboardFixture({ rounds, activeRounds: [] }))

    const stages = within(await screen.findByRole('list', { name: 'Available Stages' }))
    const items = stages.getAllByRole('listitem')
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Stage 1: Registration Round',
      'Stage 2: Ideation',
      'Stage 3: Prototype',
      'Stage 4: Finale',
      'Stage 5: Demo Day',
    ])
    const [decided, submitted, locked, later, open] = items.map((li) => within(li))

    expect(decided!.getByText('Advanced')).toBeTruthy()
    expect(decided!.getByText('The jury has decided: Advanced.')).toBeTruthy()
    expect(decided!.queryByRole('link', { name: /Submit|Update/ })).toBeNull()

    expect(submitted!.getByText('Submitted', { selector: 'span' })).toBeTruthy()
    expect(submitted!.getByText(/^Open now · 2 days 3 hours left$/)).toBeTruthy()
    expect(
      submitted!.getByRole('link', { name: 'View in My Submissions' }).getAttribute('href'),
    ).toBe('/applicant/submissions')
    expect(
      submitted!.getByRole('link', { name: 'Update submission for Ideation' }).getAttribute('href'),
    ).toBe(`/applicant/submit/${rounds[2]!.id}`)

    expect(locked!.getByText('Locked')).toBeTruthy()
    expect(locked!.getByText(SUBMISSION_MESSAGES.lockedBehind('Ideation'))).toBeTruthy()
    expect(locked!.queryByRole('link')).toBeNull()

    expect(later!.getByText('Not open yet')).toBeTruthy()
    expect(later!.getByText(/^Opens on/).textContent).toBe(
      `Opens on ${formatDateTime(rounds[3]!.startTime!)}`,
    )
    expect(later!.queryByRole('link')).toBeNull()

    expect(open!.getByText('Open')).toBeTruthy()
    expect(open!.getByRole('link', { name: 'Submit to Stage 5: Demo Day' })).toBeTruthy()
    expect(
      screen
        .getAllByRole('link', { name: /^(Submit|Update submission)/ })
        .map((a) => a.getAttribute('href')),
    ).toEqual([`/applicant/submit/${rounds[2]!.id}`, `/applicant/submit/${rounds[4]!.id}`])
    expect(
      (open!.getByText('Starts').closest('div') as HTMLElement).querySelector('time')?.dateTime,
    ).toBe(rounds[4]!.startTime)
    expect(await axeViolations()).toEqual([])
  })

  it('says a stage closed by its end time was closed then', async () => {
    storeSession()
    const endTime = inDays(-1)
    renderDashboard(
      dashboardFixture({
        rounds: [
          roundFixture(1, {
            name: 'Ideation',
            access: 'closed',
            accessMessage: SUBMISSION_MESSAGES.expired,
            startTime: inDays(-5),
            endTime,
          }),
        ],
      }),
    )

    const stage = within(
      (await screen.findByRole('list', { name: 'Available Stages' })).querySelector('li')!,
    )
    expect(stage.getByText('Closed')).toBeTruthy()
    expect(stage.getByText(/^Closed on/).textContent).toBe(`Closed on ${formatDateTime(endTime)}`)
    expect(stage.queryByRole('link')).toBeNull()
  })

  it.each([true, false])(
    'offers the confirmation only when the server asks for it (requiresConfirmation %s)',
    async (requiresConfirmation) => {
      storeSession()
      renderDashboard(dashboardFixture({ currentStatus: 'selected', requiresConfirmation }))

      await screen.findByText('HS-ABCD-EFGH')
      expect(!!screen.queryByRole('button', { name: 'Confirm Participation' })).toBe(
        requiresConfirmation,
      )
      expect(
        !!screen.queryByRole('heading', { name: 'Congratulations, you have been selected!' }),
      ).toBe(requiresConfirmation)
    },
  )

  it('confirms participation, says so, and reloads the dashboard', async () => {
    storeSession(applicantFixture({ status: 'selected' }))
    let confirmed = false
    const answer = deferred<Response>()
    const { fetchMock } = renderDashboard(
      () =>
        Response.json(
          dashboardFixture({
            currentStatus: confirmed ? 'confirmed' : 'selected',
            requiresConfirmation: !confirmed,
            progress: progress(confirmed ? 3 : 2),
          }),
        ),
      { 'POST /api/applicant/confirm-participation': () => answer.promise },
    )

    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Participation' }))
    const pending = await screen.findByRole('button', { name: 'Confirming...' })
    expect(pending.getAttribute('aria-disabled')).toBe('true')
    const call = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/confirm-participation'),
    )
    expect(call?.[1]).toMatchObject({
      method: 'POST',
      body: '{}',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    })

    confirmed = true
    const applicant = applicantFixture({ status: 'confirmed' })
    await act(async () =>
      answer.resolve(Response.json({ message: 'You are in. See you there!', applicant })),
    )

    expect(await notices().findByText('You are in. See you there!')).toBeTruthy()
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Confirm Participation' })).toBeNull(),
    )
    expect(
      screen.getByRole('progressbar', { name: 'Overall Progress' }).getAttribute('aria-valuenow'),
    ).toBe('60')
    expect(JSON.parse(localStorage.getItem(APPLICANT_STORAGE.applicant) ?? '{}').status).toBe(
      'confirmed',
    )
  })

  it('shows a refused confirmation as an "Error" toast with the server’s words', async () => {
    storeSession()
    renderDashboard(dashboardFixture({ requiresConfirmation: true }), {
      'POST /api/applicant/confirm-participation': () =>
        errorResponse(409, 'Only a selected applicant can confirm', 'CONFLICT'),
    })

    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Participation' }))

    expect(await notices().findByText('Only a selected applicant can confirm')).toBeTruthy()
    expect(notices().getByText('Error')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Confirm Participation' })).toBeTruthy()
  })

  it('falls back to "Failed to confirm participation" when the server gives no message', async () => {
    storeSession()
    renderDashboard(dashboardFixture({ requiresConfirmation: true }), {
      'POST /api/applicant/confirm-participation': () => new Response(null, { status: 500 }),
    })

    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Participation' }))

    expect(await notices().findByText('Failed to confirm participation')).toBeTruthy()
  })

  it('says "Unable to Load Dashboard" when the load fails, and Back to Login ends the session', async () => {
    storeSession()
    const { fetchMock, location } = renderDashboard(() => new Response(null, { status: 500 }))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unable to Load Dashboard' }),
    ).toBeTruthy()
    expect(screen.getByText('Please try refreshing the page or contact support.')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }))

    await waitFor(() => expect(location.history?.at(-1)).toBe('/applicant/login'))
    expect(sessionCleared()).toBe(true)
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'GET /api/applicant/dashboard',
      'POST /api/applicant/logout',
    ])
  })

  it('clears the session and returns to the login page when the server answers 401', async () => {
    storeSession()
    const { location } = renderDashboard(() =>
      errorResponse(401, 'Your session has expired', 'UNAUTHORIZED'),
    )

    await waitFor(() => expect(location.history?.at(-1)).toBe('/applicant/login'))
    expect(sessionCleared()).toBe(true)
  })

  it('logs out from the header: tells the server, forgets the session, goes to login', async () => {
    storeSession()
    const { fetchMock, location } = renderDashboard()

    const banner = within(screen.getByRole('banner'))
    expect(banner.getByText('Asha Rao')).toBeTruthy()
    fireEvent.click(banner.getByRole('button', { name: 'Logout' }))

    await waitFor(() => expect(location.history?.at(-1)).toBe('/applicant/login'))
    expect(sessionCleared()).toBe(true)
    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/applicant/logout')
    expect(logoutCall?.[1]?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` })
  })
})
