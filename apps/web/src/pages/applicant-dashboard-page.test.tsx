import { APPLICANT_STORAGE, type ApplicantDashboard } from '@hackathon/contract'
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
        progress: [
          {
            id: 'p1',
            description: 'Registered for the hackathon',
            status: 'completed',
            completedAt: '2026-01-05T09:00:00.000Z',
            createdAt: '2026-01-05T09:00:00.000Z',
          },
          {
            id: 'p2',
            description: 'Confirm participation',
            status: 'pending',
            completedAt: null,
            createdAt: '2026-02-01T09:00:00.000Z',
          },
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
      expect.stringMatching(/^Registered for the hackathonCompleted · /),
      expect.stringMatching(/^Confirm participationPending · /),
    ])
    expect(screen.getByRole('link', { name: /My Submissions/ }).getAttribute('href')).toBe(
      '/applicant/submissions',
    )
  })

  it('shows 60% overall progress for a confirmed applicant (step 3 of 5)', async () => {
    storeSession()
    renderDashboard(dashboardFixture({ currentStatus: 'confirmed' }))

    const bar = await screen.findByRole('progressbar', { name: 'Overall Progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('60')
    expect(bar.getAttribute('aria-valuemin')).toBe('0')
    expect(bar.getAttribute('aria-valuemax')).toBe('100')
    expect(screen.getByText('60%')).toBeTruthy()
    expect(screen.getByText('Step 3 of 5: Confirmed')).toBeTruthy()
  })

  it('marks a locked stage "Locked" with no Submit link, and links an open one', async () => {
    storeSession()
    const open = roundFixture(1, { name: 'Ideation' })
    const locked = roundFixture(2, { name: 'Prototype', locked: true })
    renderDashboard(dashboardFixture({ activeRounds: [open, locked] }))

    const stages = within(await screen.findByRole('list', { name: 'Available Stages' }))
    const [openItem, lockedItem] = stages.getAllByRole('listitem').map((li) => within(li))
    if (!openItem || !lockedItem) throw new Error('Expected two stages')
    expect(openItem.getByRole('heading', { name: 'Ideation' })).toBeTruthy()
    expect(lockedItem.getByRole('heading', { name: 'Prototype' })).toBeTruthy()
    expect(openItem.getByRole('link', { name: 'Submit to Ideation' }).getAttribute('href')).toBe(
      `/applicant/submit/${open.id}`,
    )
    expect(openItem.queryByText('Locked')).toBeNull()
    expect(lockedItem.getByText('Locked')).toBeTruthy()
    expect(lockedItem.queryByRole('link')).toBeNull()
    expect(screen.getAllByRole('link', { name: /^Submit/ })).toHaveLength(1)
    expect(
      (openItem.getByText('Starts').closest('div') as HTMLElement).querySelector('time')?.dateTime,
    ).toBe(open.startTime)
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
