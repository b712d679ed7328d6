import { APP_NAME } from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { deferred, errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'
import { settle } from '@/test/settle'

import RegisterPage from './register-page'

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }))
const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && url === '/api/register')
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined))

/** The message lines a field points to with aria-describedby. */
function describedBy(label: string): (string | null | undefined)[] {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent)
}

function renderRegister(register: Handler = () => Response.json({ registrationId: 'x' })) {
  const fetchMock = stubApi({ 'POST /api/register': register })
  return { fetchMock, ...renderWithApp(<RegisterPage />, { path: '/register', user: null }) }
}

function fillIn() {
  type('Full Name', '  Ada Lovelace ')
  type('Email Address', 'Ada@Example.org')
  type('Mobile Number', '9876543210')
  type('Student ID', 'CS-2026-042')
  type('College/Institution', 'Analytical Engine College')
  type('Course/Program', 'Computer Science Engineering')
  type('Year of Graduation', '2027')
}

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

describe('the public registration page', () => {
  it('has one heading, its landmarks, and the app name leading home', () => {
    renderRegister()

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Register as Participant',
    ])
    expect(screen.getByRole('main')).toBeTruthy()
    const banner = screen.getByRole('banner')
    expect(within(banner).getByRole('link', { name: APP_NAME }).getAttribute('href')).toBe('/')
  })

  it('shows each field’s message beneath it on submit, and re-checks as the visitor types', async () => {
    const { fetchMock } = renderRegister()

    type('Full Name', 'A')
    await settle()
    expect(field('Full Name').getAttribute('aria-invalid')).toBeNull()
    type('Full Name', '')

    submit()
    await settle()

    const expected: [string, string][] = [
      ['Full Name', 'Name must be at least 2 characters'],
      ['Email Address', 'Invalid email address'],
      ['Mobile Number', 'Mobile number must be at least 10 digits'],
      ['Student ID', 'Student ID is required'],
      ['College/Institution', 'College name is required'],
      ['Course/Program', 'Course is required'],
      ['Year of Graduation', 'Year of graduation is required'],
    ]
    for (const [label, message] of expected) {
      expect(field(label).getAttribute('aria-invalid')).toBe('true')
      expect(describedBy(label)).toContain(message)
    }
    expect(field('LinkedIn Profile (Optional)').getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(field('Full Name'))
    expect(posts(fetchMock)).toHaveLength(0)

    type('Full Name', 'A')
    await settle()
    expect(describedBy('Full Name')).toContain('Name must be at least 2 characters')
    type('Full Name', 'Ad')
    await settle()
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull()
    expect(field('Full Name').getAttribute('aria-invalid')).toBeNull()

    type('Email Address', 'ada@')
    await settle()
    expect(describedBy('Email Address')).toContain('Invalid email address')
    type('Email Address', 'ada@example.org')
    await settle()
    expect(screen.queryByText('Invalid email address')).toBeNull()

    type('Mobile Number', '98765')
    await settle()
    expect(describedBy('Mobile Number')).toContain('Mobile number must be at least 10 digits')

    type('Course/Program', 'Other')
    await settle()
    expect(screen.queryByText('Course is required')).toBeNull()
    expect(screen.getByText('Year of graduation is required')).toBeTruthy()

    submit()
    await settle()
    expect(document.activeElement).toBe(field('Mobile Number'))
    expect(posts(fetchMock)).toHaveLength(0)
  })

  it('refuses a mobile number with letters or more than 15 digits, and a name with a link, before sending (issue 20)', async () => {
    const { fetchMock } = renderRegister()

    fillIn()
    type('Full Name', 'Pay the fee at www.fees.example')
    type('Mobile Number', '98765 CALL ME')
    submit()
    await settle()

    expect(describedBy('Full Name')).toContain(
      'Name cannot contain a link, an email address or a web address',
    )
    expect(describedBy('Mobile Number')).toContain(
      'Mobile number can only contain digits, spaces, dashes, dots, brackets and a leading +',
    )
    type('Mobile Number', '+91 98765 43210 12345')
    await settle()
    expect(describedBy('Mobile Number')).toContain('Mobile number must be at most 15 digits')
    expect(posts(fetchMock)).toHaveLength(0)

    type('Full Name', 'K. Ramesh')
    type('Mobile Number', '+91 (0) 98765-43210')
    await settle()
    expect(field('Full Name').getAttribute('aria-invalid')).toBeNull()
    expect(field('Mobile Number').getAttribute('aria-invalid')).toBeNull()
  })

  it('offers exactly the courses and graduation years of the public form', () => {
    renderRegister()

    const choices = (label: string) =>
      Array.from((field(label) as unknown as HTMLSelectElement).options)
        .filter((option) => option.value !== '')
        .map((option) => [option.value, option.textContent])
    expect(choices('Course/Program')).toEqual(
      [
        'Computer Science Engineering',
        'Information Technology',
        'Electronics and Communication',
        'Mechanical Engineering',
        'Civil Engineering',
        'Electrical Engineering',
        'Other',
      ].map((course) => [course, course]),
    )
    expect(choices('Year of Graduation')).toEqual(
      ['2024', '2025', '2026', '2027', '2028'].map((year) => [year, year]),
    )
  })

  it('reads "Registering..." while pending, then shows the registration ID and what comes next', async () => {
    const answer = deferred<Response>()
    const { fetchMock, queryClient } = renderRegister(() => answer.promise)
    const staffData = [
      ['/api/applicants', 'page=1'],
      ['/api/stage-stats'],
      ['/api/rounds'],
      ['/api/recent-activity'],
    ]
    for (const key of staffData) queryClient.setQueryData(key, {})

    fillIn()
    type('LinkedIn Profile (Optional)', 'https://www.linkedin.com/in/ada')
    submit()

    const pending = await screen.findByRole('button', { name: 'Registering...' })
    expect(pending.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(pending)
    expect(posts(fetchMock)).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.org',
        mobile: '9876543210',
        studentId: 'CS-2026-042',
        collegeName: 'Analytical Engine College',
        course: 'Computer Science Engineering',
        yearOfGraduation: '2027',
        linkedinProfile: 'https://www.linkedin.com/in/ada',
      },
    ])

    await act(async () =>
      answer.resolve(
        Response.json({ registrationId: 'HS-7QK2-9XPA', confirmationEmail: true }, { status: 201 }),
      ),
    )

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Registration Successful',
    })
    expect(document.activeElement).toBe(heading)
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByLabelText('Your Registration ID').textContent).toBe('HS-7QK2-9XPA')
    expect(screen.getByText(/confirmation email/).textContent).toContain('ada@example.org')
    expect(screen.getByRole('link', { name: 'Go to Applicant Login' }).getAttribute('href')).toBe(
      '/applicant/login',
    )
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    await waitFor(() =>
      expect(staffData.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([
        true,
        true,
        true,
        true,
      ]),
    )
  })

  it('promises no confirmation email when the server says none is sent (notifications off)', async () => {
    renderRegister(() =>
      Response.json({ registrationId: 'HS-7QK2-9XPA', confirmationEmail: false }, { status: 201 }),
    )
    fillIn()
    submit()

    await screen.findByRole('heading', { level: 1, name: 'Registration Successful' })
    expect(screen.queryByText(/on its way/)).toBeNull()
    expect(screen.getByText(/No confirmation email is sent for this event/).textContent).toContain(
      'keep your registration ID',
    )
  })

  it('copies the registration ID, or selects it where the clipboard is unavailable', async () => {
    renderRegister(() => Response.json({ registrationId: 'HS-7QK2-9XPA' }, { status: 201 }))
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), { clipboard: { writeText } }),
    )

    fillIn()
    submit()
    const copy = await screen.findByRole('button', { name: 'Copy registration ID' })
    fireEvent.click(copy)

    expect(await screen.findByText('Copied to the clipboard.')).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith('HS-7QK2-9XPA')

    writeText.mockImplementation(() => Promise.reject(new Error('Not allowed')))
    fireEvent.click(copy)

    expect(await screen.findByText(/Selected: press Ctrl\+C/)).toBeTruthy()
    expect(window.getSelection()?.toString()).toBe('HS-7QK2-9XPA')
  })

  it('leaves a LinkedIn profile out when none is given', async () => {
    const { fetchMock } = renderRegister(() =>
      Response.json({ registrationId: 'HS-1' }, { status: 201 }),
    )

    fillIn()
    submit()

    await screen.findByRole('heading', { level: 1, name: 'Registration Successful' })
    expect(posts(fetchMock)[0]).not.toHaveProperty('linkedinProfile')
  })

  it('shows a refusal as "Registration Failed" with the server’s message, keeping the form', async () => {
    renderRegister(() =>
      errorResponse(409, 'An applicant with this email address is already registered', 'CONFLICT'),
    )

    fillIn()
    submit()

    const notice = within(await screen.findByRole('region', { name: /Notifications/ }))
    expect(await notice.findByText('Registration Failed')).toBeTruthy()
    expect(
      notice.getByText('An applicant with this email address is already registered'),
    ).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Register as Participant' })).toBeTruthy()
    expect(field('Email Address').value).toBe('Ada@Example.org')
    expect(screen.getByRole('button', { name: 'Register' }).getAttribute('aria-disabled')).toBe(
      'false',
    )
  })

  it('says something went wrong when the server cannot be reached', async () => {
    renderRegister(() => Promise.reject(new TypeError('Failed to fetch')))

    fillIn()
    submit()

    // The form retries a lost answer twice (after 1 s and 3 s, lib/register-applicant.ts) before
    // it tells the visitor.
    expect(
      await screen.findByText('Registration Failed', undefined, { timeout: 8_000 }),
    ).toBeTruthy()
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy()
  }, 15_000)
})
