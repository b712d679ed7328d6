import { APP_NAME, TEXTS, type Role } from '@hackathon/contract'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

import { authKeys } from '@/features/auth/api/keys'
import type { User } from '@/features/auth/types'
import { createQueryClient } from '@/lib/query-client'

import { AppProviders } from './providers'
import { AppRouter } from './router'

/** `user`: null = signed out; omitted = the user call is still pending. */
function renderAt(path: string, user?: User | null) {
  const queryClient = createQueryClient()
  if (user !== undefined) queryClient.setQueryData(authKeys.user(), user)
  const { hook } = memoryLocation({ path })
  return render(
    <AppProviders queryClient={queryClient}>
      <Router hook={hook}>
        <AppRouter />
      </Router>
    </AppProviders>,
  )
}

function userWithRole(role: Role): User {
  return { id: '1', email: `${role}@example.org`, name: 'Sam Doe', role }
}

afterEach(() => {
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

  it('loads an admin-only screen for an admin', async () => {
    renderAt('/export-data', userWithRole('admin'))

    expect(await screen.findByRole('heading', { level: 1, name: 'Export Data' })).toBeTruthy()
  })

  it.each([
    ['admin', 'Admin Dashboard'],
    ['jury', 'Jury Dashboard'],
    ['applicant', 'Applicant Dashboard'],
  ] as const)('shows the %s their dashboard at /', async (role, title) => {
    renderAt('/', userWithRole(role))

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
  })

  it('opens the stage submission screen for any stage id', async () => {
    renderAt('/applicant/submit/stage2', null)

    expect(await screen.findByRole('heading', { level: 1, name: 'Stage Submission' })).toBeTruthy()
  })
})
