import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { authKeys } from '@/features/auth/api/keys'
import { deferred, errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'
import { settle } from '@/test/settle'

import AdminLoginPage from './admin-login-page'

const ssoOff = () => Response.json({ sso: { enabled: false, label: 'Sign in with Acme ID' } })
const ssoOn = () => Response.json({ sso: { enabled: true, label: 'Sign in with Acme ID' } })

function renderLogin(login: Handler, options: Handler = ssoOff) {
  const fetchMock = stubApi({
    'GET /api/auth/options': options,
    'POST /api/auth/login': login,
    'GET /api/auth/user': () => Response.json(userWithRole('admin')),
  })
  return { fetchMock, ...renderWithApp(<AdminLoginPage />, { path: '/admin/login', user: null }) }
}

function signIn(email = 'admin@example.org', password = 'correct horse') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the admin/jury login page', () => {
  it('offers labelled, required email and password fields and a way back home', () => {
    renderLogin(() => errorResponse(401, 'Invalid email or password'))

    expect(screen.getByRole('heading', { level: 1, name: 'Admin/Jury Login' })).toBeTruthy()
    expect(screen.getByLabelText('Email').hasAttribute('required')).toBe(true)
    expect(screen.getByLabelText('Password').hasAttribute('required')).toBe(true)
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
  })

  it('asks for both fields before sending anything', async () => {
    const { fetchMock } = renderLogin(() => errorResponse(401, 'Invalid email or password'))

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await settle()

    expect(screen.getByText('Email is required')).toBeTruthy()
    expect(screen.getByText('Password is required')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    // From then on each field is checked again as it changes.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@example.org' } })
    await settle()
    expect(screen.queryByText('Email is required')).toBeNull()
    expect(screen.getByText('Password is required')).toBeTruthy()
  })

  it("shows the server's message when the sign-in is refused", async () => {
    renderLogin(() => errorResponse(401, 'Invalid email or password', 'UNAUTHORIZED'))

    signIn('admin@example.org', 'wrong')

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password')
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy()
  })

  it('shows any other message the server gives, such as too many tries', async () => {
    renderLogin(() =>
      errorResponse(429, 'Too many sign-in attempts. Try again in 15 minutes.', 'RATE_LIMITED'),
    )

    signIn()

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Try again in 15 minutes.',
    )
  })

  it('says "Invalid email or password" when a refusal carries no message', async () => {
    renderLogin(() => new Response(null, { status: 401, statusText: 'Unauthorized' }))

    signIn()

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password')
  })

  it('says something went wrong when the server cannot be reached', async () => {
    renderLogin(() => Promise.reject(new TypeError('Failed to fetch')))

    signIn()

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong. Please try again.',
    )
  })

  it('reads "Signing in..." while pending, then signs in and goes to /', async () => {
    const answer = deferred<Response>()
    const { fetchMock, location, queryClient } = renderLogin(() => answer.promise)

    signIn('admin@example.org', 'correct horse')

    const pending = await screen.findByRole('button', { name: 'Signing in...' })
    expect(pending.hasAttribute('disabled')).toBe(true)
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'admin@example.org', password: 'correct horse' }),
      }),
    )

    await act(async () => answer.resolve(Response.json(userWithRole('admin'))))

    await waitFor(() => expect(location.history.at(-1)).toBe('/'))
    expect(queryClient.getQueryData(authKeys.user())).toEqual(userWithRole('admin'))
  })

  it('hides the single sign-on button when the server has none configured', async () => {
    const { queryClient } = renderLogin(() => errorResponse(401, 'x'), ssoOff)

    await waitFor(() =>
      expect(queryClient.getQueryState(authKeys.options())?.status).toBe('success'),
    )
    expect(screen.queryByRole('link', { name: 'Sign in with Acme ID' })).toBeNull()
  })

  it('shows the single sign-on button, with its label, leading to /api/login when enabled', async () => {
    renderLogin(() => errorResponse(401, 'x'), ssoOn)

    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' })
    expect(link.getAttribute('href')).toBe('/api/login')
  })
})
