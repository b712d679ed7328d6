import { APPLICANT_STORAGE, APP_NAME, TEXTS, type CurrentUser } from '@hackathon/contract'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  applicantFixture,
  dashboardFixture,
  storeSession,
} from '@/features/applicant-portal/testing'
import {
  assignmentOverviewFixture,
  rankingFixture,
  rubricFixture,
} from '@/features/reviews/testing'
import { roundFixture } from '@/features/rounds/testing'
import { stubApi } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import { PAGES } from './pages'
import { AppRouter } from './router'

/** `user`: null = signed out; omitted = the user call is still pending. */
function renderAt(path: string, user?: CurrentUser | null) {
  return renderWithApp(<AppRouter />, { path, user })
}

afterEach(() => {
  localStorage.clear()
  vi.unstubAllGlobals()
})

describe('the router', () => {
  it('shows a spinner while the current user loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )

    renderAt('/')

    expect(screen.getByRole('status').textContent).toBe('Loading…')
    expect(screen.queryByRole('heading')).toBeNull()
  })

  it('starts loading the page a visitor gets at the path while the current user loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )
    const preload = vi.spyOn(PAGES.applicantLogin, 'preload')

    renderAt('/applicant/login')

    expect(preload).toHaveBeenCalledOnce()
    preload.mockRestore()
  })

  it('shows the landing page at / when signed out', () => {
    renderAt('/', null)

    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/final results/)
    expect(screen.getByRole('link', { name: 'Register as Participant' }).getAttribute('href')).toBe(
      '/register',
    )
    expect(screen.getAllByText(APP_NAME).length).toBeGreaterThan(0)
  })

  it('treats a failed user call as signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Not Found', { status: 404 })),
    )

    renderAt('/')

    expect(await screen.findByRole('link', { name: 'Register as Participant' })).toBeTruthy()
  })

  it('shows both not-found texts for a path that is not in the route table', () => {
    renderAt('/no-such-page', null)

    expect(screen.getByRole('heading', { level: 1, name: TEXTS.notFoundTitle })).toBeTruthy()
    expect(screen.getByText(TEXTS.notFoundHint)).toBeTruthy()
  })

  it('does not let a jury member reach an admin-only path', () => {
    renderAt('/export-data', userWithRole('jury'))

    expect(screen.getByText(TEXTS.notFoundTitle)).toBeTruthy()
    expect(screen.getByText(TEXTS.notFoundHint)).toBeTruthy()
  })

  it.each([['a jury member', userWithRole('jury')]])(
    'does not show a round’s review page to %s',
    (_, user) => {
      renderAt('/rounds/00000000-0000-4000-8000-000000000001/review', user)

      expect(screen.getByRole('heading', { level: 1, name: TEXTS.notFoundTitle })).toBeTruthy()
    },
  )

  it('shows an admin a round’s review page inside the shell', async () => {
    const round = roundFixture(1, { name: 'Prototype Submission' })
    stubApi({
      'GET /api/rounds': () => Response.json({ rounds: [round] }),
      [`GET /api/rounds/${round.id}/rubric`]: () =>
        Response.json(rubricFixture({ roundId: round.id })),
      [`GET /api/rounds/${round.id}/assignments`]: () =>
        Response.json(assignmentOverviewFixture({ roundId: round.id })),
      [`GET /api/rounds/${round.id}/ranking`]: () =>
        Response.json(rankingFixture([], { roundId: round.id })),
    })
    renderAt(`/rounds/${round.id}/review`, userWithRole('admin'))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prototype Submission — Review' }),
    ).toBeTruthy()
    const menu = screen.getByRole('navigation', { name: 'Main' })
    expect(
      within(menu).getByRole('link', { name: 'Competition Rounds' }).getAttribute('aria-current'),
    ).toBe('true')
  })

  it('loads an admin-only screen for an admin', async () => {
    renderAt('/export-data', userWithRole('admin'))

    expect(await screen.findByRole('heading', { level: 1, name: 'Export Data' })).toBeTruthy()
  })

  it.each([
    ['admin', 'Dashboard', 'New Registration'],
    ['jury', 'Dashboard', 'Submissions for Review'],
  ] as const)('shows the %s their dashboard at /', async (role, title, marker) => {
    stubApi({
      'GET /api/applicants': () => Response.json({ applicants: [], total: 0, totalPages: 0 }),
    })
    renderAt('/', userWithRole(role))

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    // Admin and jury dashboards share a title; what they offer tells them apart.
    expect(await screen.findByText(marker)).toBeTruthy()
  })

  it('shows an applicant with a stored session token their dashboard at /', async () => {
    const applicant = applicantFixture({ name: 'Sam Doe' })
    storeSession(applicant)
    stubApi({
      'GET /api/applicant/dashboard': () => Response.json(dashboardFixture({ applicant })),
    })
    renderAt('/', userWithRole('applicant'))

    expect(await screen.findByText(applicant.registrationId)).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Sam Doe!' })).toBeTruthy()
  })

  it('sends an applicant without a stored session token from / to the applicant login', async () => {
    const { location } = renderAt('/', userWithRole('applicant'))

    expect(await screen.findByRole('heading', { level: 1, name: 'Applicant Login' })).toBeTruthy()
    expect(location.history?.at(-1)).toBe('/applicant/login')
  })

  it('opens the stage submission screen for any stage id', async () => {
    localStorage.setItem(APPLICANT_STORAGE.token, 'session-token')
    stubApi({
      'GET /api/applicant/rounds': () => Response.json({ rounds: [] }),
      'GET /api/applicant/my-submissions': () => Response.json({ submissions: [] }),
    })
    renderAt('/applicant/submit/stage2', null)

    expect(await screen.findByRole('heading', { level: 1, name: 'Stage Not Found' })).toBeTruthy()
  })

  it('puts an admin screen inside the signed-in shell, with the sidebar beside it', async () => {
    stubApi({ 'GET /api/staff': () => Response.json({ staff: [] }) })
    renderAt('/settings', userWithRole('admin'))

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy()
    const menu = screen.getByRole('navigation', { name: 'Main' })
    expect(within(menu).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(screen.getByText('Admin Dashboard')).toBeTruthy()
  })

  it('shows a jury member their screens in the shell, with the jury menu', async () => {
    stubApi({
      'GET /api/submissions?page=1&limit=10': () =>
        Response.json({ submissions: [], total: 0, totalPages: 0 }),
      'GET /api/rounds': () => Response.json({ rounds: [] }),
    })
    renderAt('/submissions', userWithRole('jury'))

    expect(await screen.findByRole('heading', { level: 1, name: 'Submissions' })).toBeTruthy()
    expect(screen.getByText('Jury Panel')).toBeTruthy()
  })

  it.each(['/applicant/dashboard', '/register', '/no-such-page'])(
    'leaves %s without the shell for a signed-in admin',
    async (path) => {
      renderAt(path, userWithRole('admin'))

      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy()
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
    },
  )

  // Issue 22, item 1: a signed-out visit to a staff page is a way to sign in, not a 404.
  it.each(['/rounds', '/applicants', '/rounds/00000000-0000-4000-8000-000000000001/review'])(
    'sends a signed-out visit to %s to the staff sign-in, returning there afterwards',
    async (path) => {
      stubApi({
        'GET /api/auth/options': () => Response.json({ sso: { enabled: false, label: '' } }),
      })
      const { location } = renderAt(path, null)

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Admin/Jury Login' }),
      ).toBeTruthy()
      expect(location.history?.at(-1)).toBe(`/admin/login?returnTo=${encodeURIComponent(path)}`)
    },
  )

  // Issue 22, item 2: Add Applicant ends on /admin.
  it('shows an admin the admin dashboard at /admin, inside the shell', async () => {
    renderAt('/admin', userWithRole('admin'))

    expect(await screen.findByText('Admin Dashboard')).toBeTruthy()
    expect(screen.queryByText(TEXTS.notFoundTitle)).toBeNull()
  })

  it.each([
    ['/admin/login', '/'],
    [`/admin/login?returnTo=${encodeURIComponent('/rounds')}`, '/rounds'],
    [`/admin/login?returnTo=${encodeURIComponent('//evil.example')}`, '/'],
  ])('sends a signed-in admin from %s on to %s', async (path, next) => {
    const { location } = renderAt(path, userWithRole('admin'))

    await vi.waitFor(() => expect(location.history?.at(-1)).toBe(next))
  })

  // Issue 22, item 3: an applicant signed in with a code gets the applicant sidebar
  // (docs/product/screens.md#sidebar).
  it.each(['/', '/my-submissions', '/applicant/dashboard', '/applicant/submissions'])(
    'shows an applicant signed in with a code the Participant Portal sidebar at %s',
    async (path) => {
      const applicant = applicantFixture({ name: 'Sam Doe' })
      storeSession(applicant)
      stubApi({
        'GET /api/applicant/dashboard': () => Response.json(dashboardFixture({ applicant })),
        'GET /api/applicant/my-submissions': () => Response.json({ submissions: [] }),
        'GET /api/applicant/rounds': () => Response.json({ rounds: [] }),
      })
      renderAt(path, userWithRole('applicant'))

      // One page landmark: the applicant page leaves its own frame to the shell.
      expect(await screen.findAllByRole('main')).toHaveLength(1)
      const menu = screen.getByRole('navigation', { name: 'Main' })
      expect(
        within(menu)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Dashboard', '/'],
        ['My Submissions', '/my-submissions'],
      ])
      expect(screen.getAllByText('Participant Portal').length).toBeGreaterThan(0)
      expect(screen.getAllByRole('button', { name: 'Logout' }).length).toBeGreaterThan(0)
      expect(screen.queryByRole('button', { name: /Change Password/ })).toBeNull()
    },
  )

  it('shows the landing page without the shell to a signed-in user with an unknown role', () => {
    renderAt('/', userWithRole('owner'))

    expect(screen.getByRole('link', { name: 'Register as Participant' })).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
  })
})
