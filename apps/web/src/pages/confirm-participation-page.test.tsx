import { APP_NAME } from '@hackathon/contract'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { deferred, errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'

import ConfirmParticipationPage from './confirm-participation-page'

const INVALID_LINK =
  'This confirmation link is invalid or has expired. Please contact the organizers if you need a new one.'

function renderAt(
  path: string,
  confirm: Handler = () => Response.json({ message: 'ok' }),
  check: Handler = () => Response.json({ message: 'This confirmation link is valid.' }),
) {
  // The page checks the link's code before it offers the button (issue 22).
  const code = new URLSearchParams(path.split('?')[1] ?? '').get('code') ?? ''
  const fetchMock = stubApi({
    'POST /api/confirm-participation': confirm,
    [`GET /api/confirm-participation?code=${encodeURIComponent(code)}`]: check,
  })
  return {
    fetchMock,
    ...renderWithApp(<ConfirmParticipationPage />, { path, user: null }),
  }
}

const h1s = () => screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

describe('the confirm-participation page', () => {
  it.each(['/confirm-participation', '/confirm-participation?code=', '/confirm-participation?x=1'])(
    'shows "Invalid Link" at %s, with a way home, and sends nothing',
    (path) => {
      const { fetchMock } = renderAt(path)

      expect(h1s()).toEqual(['Invalid Link'])
      expect(screen.getByText(INVALID_LINK)).toBeTruthy()
      expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
      expect(screen.queryByRole('button', { name: 'Confirm Participation' })).toBeNull()
      expect(fetchMock).not.toHaveBeenCalled()
    },
  )

  it('explains what confirming means and waits for the button, since mail scanners open links', async () => {
    const { fetchMock } = renderAt('/confirm-participation?code=abc123')

    await screen.findByRole('button', { name: 'Confirm Participation' })
    expect(h1s()).toEqual(['Confirm Participation'])
    expect(screen.getByText(/Confirming tells the organizers/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Confirm Participation' })).toBeTruthy()
    expect(screen.getByRole('main')).toBeTruthy()
    const banner = screen.getByRole('banner')
    expect(within(banner).getByRole('link', { name: APP_NAME }).getAttribute('href')).toBe('/')
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`)).toEqual([
      'GET /api/confirm-participation?code=abc123',
    ])
  })

  it('checks a bogus link before it congratulates anyone, then says it is invalid with a way on', async () => {
    const check = deferred<Response>()
    const { fetchMock } = renderAt(
      '/confirm-participation?code=bogus',
      () => Response.json({ message: 'ok' }),
      () => check.promise,
    )

    expect(await screen.findByText('Checking your confirmation link...')).toBeTruthy()
    expect(screen.queryByText(/Congratulations/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Confirm Participation' })).toBeNull()

    await act(async () => check.resolve(errorResponse(400, INVALID_LINK, 'BAD_REQUEST')))

    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Link' })).toBeTruthy()
    expect(screen.getByText(INVALID_LINK)).toBeTruthy()
    expect(screen.queryByText(/Congratulations/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Confirm Participation' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to Applicant Login' }).getAttribute('href')).toBe(
      '/applicant/login',
    )
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('reads "Confirming..." while pending, then shows the server’s message and the way to sign in', async () => {
    const answer = deferred<Response>()
    const { fetchMock } = renderAt('/confirm-participation?code=abc%2B123', () => answer.promise)

    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Participation' }))

    const pending = await screen.findByRole('button', { name: 'Confirming...' })
    expect(pending.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(pending)
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1)
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/confirm-participation',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ code: 'abc+123' }) }),
    )

    await act(async () =>
      answer.resolve(
        Response.json({ message: 'Your participation is confirmed. See you at the event!' }),
      ),
    )

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Participation Confirmed',
    })
    expect(document.activeElement).toBe(heading)
    expect(h1s()).toHaveLength(1)
    expect(screen.getByText('Your participation is confirmed. See you at the event!')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to Applicant Login' }).getAttribute('href')).toBe(
      '/applicant/login',
    )
  })

  it('shows "Confirmation Failed" with the server’s message for a used, expired or unknown code', async () => {
    renderAt('/confirm-participation?code=used-code', () =>
      errorResponse(400, INVALID_LINK, 'BAD_REQUEST'),
    )

    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Participation' }))

    const heading = await screen.findByRole('heading', { level: 1, name: 'Confirmation Failed' })
    expect(document.activeElement).toBe(heading)
    expect(within(screen.getByRole('main')).getByText(INVALID_LINK)).toBeTruthy()
    const notice = within(await screen.findByRole('region', { name: /Notifications/ }))
    expect(await notice.findByText('Confirmation Failed')).toBeTruthy()
    expect(notice.getByText(INVALID_LINK)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Confirm Participation' })).toBeNull()
  })
})
