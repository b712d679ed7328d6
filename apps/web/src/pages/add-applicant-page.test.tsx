import { APPLICANT_MESSAGES, LIMITS } from '@hackathon/contract'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { applicantFixture } from '@/features/applicants/testing'
import { errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'
import { settle } from '@/test/settle'

import AddApplicantPage from './add-applicant-page'

afterEach(() => {
  act(() => dismissToast())
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function renderPage(answer: Handler = () => Response.json(applicantFixture(9), { status: 201 })) {
  const fetchMock = stubApi({ 'POST /api/applicants': answer })
  const rendered = renderWithApp(<AddApplicantPage />, {
    path: '/add-applicant',
    user: userWithRole('admin'),
  })
  return { fetchMock, ...rendered }
}

function fillIn(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } })
  }
}

const VALID = {
  'Full Name': 'Katherine Johnson',
  'Email Address': 'Katherine@Example.org',
  'Mobile Number': '9876543210',
  'Student ID': 'STU-77',
  'College/Institution': 'West Virginia State',
  'Course/Program': 'Mathematics',
  'Year of Graduation': '2027',
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Applicant' }))

describe('the add applicant page', () => {
  it('has the documented title, card, fields and buttons', () => {
    renderPage()

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Add Applicant')
    expect(screen.getByText('Register a new participant manually')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Applicant Registration')
    expect(screen.getByLabelText('Course/Program').getAttribute('placeholder')).toContain(
      'Computer Science',
    )
    const years = screen.getByLabelText('Year of Graduation') as HTMLSelectElement
    expect(Array.from(years.options, (o) => o.value).filter(Boolean)).toEqual([
      '2024',
      '2025',
      '2026',
      '2027',
      '2028',
      '2029',
      '2030',
    ])
    expect(screen.getByLabelText('LinkedIn Profile (Optional)')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/quick-actions')
  })

  it('says what is missing, beside each field, and sends nothing', async () => {
    const { fetchMock } = renderPage()

    fillIn({ 'LinkedIn Profile (Optional)': 'linkedin' })
    submit()

    await screen.findByText('Name is required')
    for (const message of [
      'Name is required',
      'Valid email is required',
      'Mobile number must be at least 10 digits',
      'Student ID is required',
      'College is required',
      'Course is required',
      'Year of graduation is required',
      'Valid LinkedIn URL is required',
    ]) {
      expect(screen.getByText(message)).toBeTruthy()
    }
    const name = screen.getByLabelText('Full Name')
    expect(document.activeElement).toBe(name)
    expect(name.getAttribute('aria-describedby')).toBe(screen.getByText('Name is required').id)
    expect(fetchMock).not.toHaveBeenCalled()

    fillIn({ 'Full Name': 'Katherine Johnson' })
    await settle()
    expect(screen.queryByText('Name is required')).toBeNull()
  })

  it('adds the applicant, says so and goes to /admin', async () => {
    const { fetchMock, location } = renderPage()

    fillIn({ ...VALID, 'LinkedIn Profile (Optional)': 'https://linkedin.com/in/kj' })
    submit()

    expect(await screen.findByText(APPLICANT_MESSAGES.added)).toBeTruthy()
    expect(screen.getByText('Success')).toBeTruthy()
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin'))
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Katherine Johnson',
      email: 'katherine@example.org',
      mobile: '9876543210',
      studentId: 'STU-77',
      college: 'West Virginia State',
      course: 'Mathematics',
      year: '2027',
      linkedinProfile: 'https://linkedin.com/in/kj',
    })
  })

  it('shows a refusal as an Error toast with the server message, and stays', async () => {
    const { location } = renderPage(() =>
      errorResponse(409, APPLICANT_MESSAGES.duplicateEmail, 'CONFLICT'),
    )

    fillIn(VALID)
    submit()

    expect(await screen.findByText(APPLICANT_MESSAGES.duplicateEmail)).toBeTruthy()
    expect(screen.getByText('Error')).toBeTruthy()
    expect(location.history.at(-1)).toBe('/add-applicant')
  })

  it('falls back to "Failed to add applicant" when the answer has no message', async () => {
    renderPage(() => new Response('<html>Bad Gateway</html>', { status: 502 }))

    fillIn(VALID)
    submit()

    expect(await screen.findByText(APPLICANT_MESSAGES.addFailed)).toBeTruthy()
  })

  it(`says "Unauthorized" on a 401, then signs in again after ${LIMITS.unauthorizedRedirectMs} ms`, async () => {
    // The clock moves on its own so that queries and waits work; the test moves it further.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const browser = {
      href: 'http://localhost/add-applicant',
      pathname: '/add-applicant',
      search: '',
    }
    vi.stubGlobal('location', browser)
    renderPage(() => errorResponse(401, 'Authentication required', 'UNAUTHORIZED'))

    fillIn(VALID)
    submit()

    expect(await screen.findByText('Unauthorized')).toBeTruthy()
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy()
    expect(screen.queryByText('Error')).toBeNull()
    expect(browser.href).toBe('http://localhost/add-applicant')

    act(() => vi.advanceTimersByTime(LIMITS.unauthorizedRedirectMs))
    expect(browser.href).toBe('/api/login?returnTo=%2Fadd-applicant')
  })
})
