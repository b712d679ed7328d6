import {
  APP_NAME,
  APPLICANT_STORAGE,
  OTP_MESSAGES,
  OTP_USED_UP,
  otpUsedUpMessage,
} from '@hackathon/contract'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { applicantFixture, storeSession, TOKEN } from '@/features/applicant-portal/testing'
import { deferred, errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'
import { settle } from '@/test/settle'

import ApplicantLoginPage from './applicant-login-page'

const asha = applicantFixture()

function renderLogin(handlers: Record<string, Handler> = {}) {
  const fetchMock = stubApi({
    'POST /api/applicant/send-otp': () => Response.json({ message: OTP_MESSAGES.sent }),
    'POST /api/applicant/verify-otp': () => Response.json({ sessionToken: TOKEN, applicant: asha }),
    ...handlers,
  })
  return { fetchMock, ...renderWithApp(<ApplicantLoginPage />, { path: '/applicant/login' }) }
}

const identifierField = () => screen.getByLabelText('Email or Mobile Number') as HTMLInputElement
const codeField = () => screen.getByLabelText('Enter OTP') as HTMLInputElement
/** The toast region: it mounts with the lazily loaded toaster (app/deferred-toaster.tsx). */
const notices = async () => within(await screen.findByRole('region', { name: /Notifications/ }))

async function sendCodeTo(identifier: string) {
  fireEvent.change(identifierField(), { target: { value: identifier } })
  fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }))
  return (await screen.findByLabelText('Enter OTP')) as HTMLInputElement
}

afterEach(() => {
  act(() => dismissToast())
  localStorage.clear()
  vi.unstubAllGlobals()
})

describe('the applicant login page', () => {
  it('asks for an email or mobile number first, with a way to register and home', () => {
    renderLogin()

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Applicant Login',
    ])
    expect(identifierField()).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Register here' }).getAttribute('href')).toBe('/')
    const banner = within(screen.getByRole('banner'))
    expect(banner.getByRole('link', { name: APP_NAME }).getAttribute('href')).toBe('/')
    expect(banner.queryByRole('button', { name: 'Logout' })).toBeNull()
  })

  it('says "Please enter your email or mobile number" and sends nothing for an empty identifier', async () => {
    const { fetchMock } = renderLogin()

    fireEvent.change(identifierField(), { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }))
    await settle()

    expect(screen.getByText('Please enter your email or mobile number')).toBeTruthy()
    expect(identifierField().getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(identifierField())
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('reads "Sending..." while the code is requested, then shows the server’s answer', async () => {
    const answer = deferred<Response>()
    const { fetchMock } = renderLogin({ 'POST /api/applicant/send-otp': () => answer.promise })

    fireEvent.change(identifierField(), { target: { value: ' asha@example.org ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }))

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy()
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"identifier":"asha@example.org"}')
    await act(async () => answer.resolve(Response.json({ message: OTP_MESSAGES.sent })))

    expect(await screen.findByText(OTP_MESSAGES.sent)).toBeTruthy()
    expect(document.activeElement).toBe(codeField())
    expect(codeField().getAttribute('inputmode')).toBe('numeric')
    expect(codeField().getAttribute('autocomplete')).toBe('one-time-code')
  })

  it('shows a refusal to send (a 429) as an "Error" toast with the server’s words', async () => {
    renderLogin({
      'POST /api/applicant/send-otp': () =>
        errorResponse(429, OTP_MESSAGES.tooSoon, 'TOO_MANY_REQUESTS'),
    })

    fireEvent.change(identifierField(), { target: { value: '9876543210' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }))

    expect(await (await notices()).findByText(OTP_MESSAGES.tooSoon)).toBeTruthy()
    expect((await notices()).getByText('Error')).toBeTruthy()
    expect(screen.queryByLabelText('Enter OTP')).toBeNull()
  })

  it('falls back to "Failed to send OTP" when the server gives no message', async () => {
    renderLogin({
      'POST /api/applicant/send-otp': () => new Response('Bad Gateway', { status: 502 }),
    })

    fireEvent.change(identifierField(), { target: { value: '9876543210' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }))

    expect(await (await notices()).findByText(OTP_MESSAGES.sendFailed)).toBeTruthy()
  })

  it('keeps only digits in the code field, and at most 6 of them', async () => {
    renderLogin()
    const field = await sendCodeTo('asha@example.org')

    fireEvent.change(field, { target: { value: '12a-3 4' } })
    expect(field.value).toBe('1234')
    fireEvent.change(field, { target: { value: '123456789' } })
    expect(field.value).toBe('123456')
    // A pasted code with a space keeps all six digits.
    fireEvent.change(field, { target: { value: '654 321' } })
    expect(field.value).toBe('654321')
  })

  it('says "Please enter the OTP" and sends nothing for an empty code', async () => {
    const { fetchMock } = renderLogin()
    await sendCodeTo('asha@example.org')

    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }))
    await settle()

    expect(screen.getByText('Please enter the OTP')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('stores the session under the agreed keys and goes to the dashboard on a right code', async () => {
    const answer = deferred<Response>()
    const { fetchMock, location } = renderLogin({
      'POST /api/applicant/verify-otp': () => answer.promise,
    })
    fireEvent.change(await sendCodeTo('asha@example.org'), { target: { value: '042917' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }))

    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeTruthy()
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      identifier: 'asha@example.org',
      otp: '042917',
    })
    await act(async () => answer.resolve(Response.json({ sessionToken: TOKEN, applicant: asha })))

    expect(localStorage.getItem(APPLICANT_STORAGE.token)).toBe(TOKEN)
    expect(JSON.parse(localStorage.getItem(APPLICANT_STORAGE.applicant) ?? 'null')).toEqual(asha)
    expect(location.history?.at(-1)).toBe('/applicant/dashboard')
  })

  it('shows a wrong code as "Verification Failed" with the server’s words, or "Invalid OTP"', async () => {
    let body: () => Response = () => errorResponse(401, OTP_MESSAGES.invalid, 'UNAUTHORIZED')
    const { location } = renderLogin({ 'POST /api/applicant/verify-otp': () => body() })
    fireEvent.change(await sendCodeTo('asha@example.org'), { target: { value: '111111' } })

    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }))
    expect(await (await notices()).findByText(OTP_MESSAGES.invalid)).toBeTruthy()
    expect((await notices()).getByText('Verification Failed')).toBeTruthy()

    body = () => new Response(null, { status: 500 })
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }))
    expect(await (await notices()).findByText(OTP_MESSAGES.verifyFailed)).toBeTruthy()

    expect(localStorage.getItem(APPLICANT_STORAGE.token)).toBeNull()
    expect(location.history).toEqual(['/applicant/login'])
  })

  it('says a code used up by wrong tries is used up, and offers to send a new one (issue 22)', async () => {
    const usedUp = otpUsedUpMessage(5)
    const { fetchMock } = renderLogin({
      'POST /api/applicant/verify-otp': () => errorResponse(401, usedUp, OTP_USED_UP),
    })
    fireEvent.change(await sendCodeTo('asha@example.org'), { target: { value: '123456' } })

    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }))
    const offer = await screen.findByRole('button', { name: 'Send a new code' })
    expect(screen.getByText(usedUp)).toBeTruthy()
    expect(codeField().getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(offer)

    fireEvent.click(offer)
    expect(await (await notices()).findByText('Code sent')).toBeTruthy()
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/applicant/send-otp')).toHaveLength(
      2,
    )
    expect(screen.queryByText(usedUp)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull()
  })

  it('resends the code, and lets the applicant change the identifier', async () => {
    const { fetchMock } = renderLogin()
    fireEvent.change(await sendCodeTo('asha@example.org'), { target: { value: '12' } })

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }))
    expect(await (await notices()).findByText('Code sent')).toBeTruthy()
    expect(codeField().value).toBe('')
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"identifier":"asha@example.org"}')

    fireEvent.click(screen.getByRole('button', { name: 'Change email or mobile' }))
    expect(identifierField().value).toBe('asha@example.org')
    expect(document.activeElement).toBe(identifierField())
  })

  it('sends an applicant who is already signed in on to the dashboard', () => {
    storeSession()
    const { location } = renderLogin()

    expect(location.history?.at(-1)).toBe('/applicant/dashboard')
  })
})
