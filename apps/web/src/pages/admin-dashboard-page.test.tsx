import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { errorResponse, stubApi } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import AdminDashboardPage from './admin-dashboard-page'

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

function openModal() {
  fireEvent.click(screen.getByRole('button', { name: 'New Registration' }))
  return within(screen.getByRole('dialog', { name: 'New Registration' }))
}

function fillIn(dialog: ReturnType<typeof openModal>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(dialog.getByLabelText(label), { target: { value } })
  }
}

const VALID = {
  'Full Name': 'Mary Jackson',
  'Email Address': 'mary@example.org',
  'Mobile Number': '9876501234',
  'Student ID': 'STU-5',
  'College Name': 'Hampton Institute',
  Course: 'Mechanical Engineering',
  'Year of Graduation': '2025',
}

describe('the admin dashboard', () => {
  it('registers an applicant from the New Registration modal', async () => {
    const fetchMock = stubApi({
      'POST /api/register': () =>
        Response.json({ registrationId: 'HACK-2026-0042' }, { status: 201 }),
    })
    renderWithApp(<AdminDashboardPage />, { user: userWithRole('admin') })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard')

    const dialog = openModal()
    const courses = dialog.getByLabelText('Course') as HTMLSelectElement
    expect(Array.from(courses.options, (o) => o.value).filter(Boolean)).toEqual([
      'Computer Science Engineering',
      'Information Technology',
      'Electronics and Communication',
      'Mechanical Engineering',
    ])
    const years = dialog.getByLabelText('Year of Graduation') as HTMLSelectElement
    expect(Array.from(years.options, (o) => o.value).filter(Boolean)).toEqual([
      '2024',
      '2025',
      '2026',
      '2027',
    ])

    fireEvent.click(dialog.getByRole('button', { name: 'Register' }))
    expect(dialog.getByText('Name must be at least 2 characters')).toBeTruthy()
    expect(dialog.getByText('College name is required')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()

    fillIn(dialog, VALID)
    fireEvent.click(dialog.getByRole('button', { name: 'Register' }))

    expect(await screen.findByText('Registration Successful')).toBeTruthy()
    expect(screen.getByText(/HACK-2026-0042/)).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Mary Jackson',
      email: 'mary@example.org',
      mobile: '9876501234',
      studentId: 'STU-5',
      collegeName: 'Hampton Institute',
      course: 'Mechanical Engineering',
      yearOfGraduation: '2025',
    })
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New Registration' })),
    )
  })

  it('says "Registration Failed" with the server message, and keeps the form', async () => {
    stubApi({
      'POST /api/register': () =>
        errorResponse(409, 'An applicant with this email address is already registered'),
    })
    renderWithApp(<AdminDashboardPage />, { user: userWithRole('admin') })

    const dialog = openModal()
    fillIn(dialog, VALID)
    fireEvent.click(dialog.getByRole('button', { name: 'Register' }))

    expect(await screen.findByText('Registration Failed')).toBeTruthy()
    expect(
      screen.getByText('An applicant with this email address is already registered'),
    ).toBeTruthy()
    expect((dialog.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Mary Jackson')
  })
})
