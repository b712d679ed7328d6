import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { deferred, errorResponse, stubApi } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'
import { settle } from '@/test/settle'

import { ChangePasswordDialog } from './change-password-dialog'

/** The dialog as the user menu uses it: open, with a way to open it again after it closes. */
function Harness() {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open again
      </button>
      <ChangePasswordDialog open={open} onOpenChange={setOpen} />
    </>
  )
}

function dialog() {
  return screen.getByRole('dialog', { name: 'Change Password' })
}

function fill(current: string, next: string, confirm: string) {
  const d = within(dialog())
  fireEvent.change(d.getByLabelText('Current Password'), { target: { value: current } })
  fireEvent.change(d.getByLabelText('New Password'), { target: { value: next } })
  fireEvent.change(d.getByLabelText('Confirm New Password'), { target: { value: confirm } })
}

function submit() {
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Change Password' }))
}

function fieldValues() {
  const d = within(dialog())
  return ['Current Password', 'New Password', 'Confirm New Password'].map(
    (label) => (d.getByLabelText(label) as HTMLInputElement).value,
  )
}

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

describe('the change-password dialog', () => {
  it('checks all fields filled, then matching, then length, and sends nothing until all pass', async () => {
    const fetchMock = stubApi({})
    renderWithApp(<Harness />)

    submit()
    await settle()
    expect(within(dialog()).getByRole('alert').textContent).toBe('Please fill in all fields')

    fill('old-secret', 'abc', '')
    submit()
    await settle()
    expect(within(dialog()).getByRole('alert').textContent).toBe('Please fill in all fields')

    fill('old-secret', 'abc', 'abd')
    submit()
    await settle()
    expect(within(dialog()).getByRole('alert').textContent).toBe('New passwords do not match')

    fill('old-secret', 'abc', 'abc')
    submit()
    await settle()
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'Password must be at least 6 characters long',
    )

    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('reads "Changing..." while pending, then confirms, clears the three fields and closes', async () => {
    const answer = deferred<Response>()
    const fetchMock = stubApi({ 'POST /api/change-password': () => answer.promise })
    renderWithApp(<Harness />)

    fill('old-secret', 'new-secret', 'new-secret')
    submit()

    const pending = await within(dialog()).findByRole('button', { name: 'Changing...' })
    expect(pending.hasAttribute('disabled')).toBe(true)
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(
      JSON.stringify({ currentPassword: 'old-secret', newPassword: 'new-secret' }),
    )

    await act(async () => answer.resolve(Response.json({ message: 'Password changed' })))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByText('Success')).toBeTruthy()
    expect(screen.getByText('Password changed successfully')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Open again' }))
    expect(fieldValues()).toEqual(['', '', ''])
  })

  it("keeps the dialog open and shows the server's message in an Error toast when the change fails", async () => {
    stubApi({
      'POST /api/change-password': () =>
        errorResponse(400, 'Current password is incorrect', 'BAD_REQUEST'),
    })
    renderWithApp(<Harness />)

    fill('wrong-secret', 'new-secret', 'new-secret')
    submit()

    expect(await screen.findByText('Current password is incorrect')).toBeTruthy()
    expect(screen.getByText('Error')).toBeTruthy()
    expect(fieldValues()).toEqual(['wrong-secret', 'new-secret', 'new-secret'])
    expect(within(dialog()).getByRole('button', { name: 'Change Password' })).toBeTruthy()
  })

  it('falls back to "Failed to change password" when the failure has no message', async () => {
    stubApi({
      'POST /api/change-password': () => new Response('<h1>Bad Gateway</h1>', { status: 502 }),
    })
    renderWithApp(<Harness />)

    fill('old-secret', 'new-secret', 'new-secret')
    submit()

    expect(await screen.findByText('Failed to change password')).toBeTruthy()
  })

  it('clears the fields and closes on Cancel', () => {
    stubApi({})
    renderWithApp(<Harness />)

    fill('old-secret', 'new-secret', 'new-secret')
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }))

    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Open again' }))
    expect(fieldValues()).toEqual(['', '', ''])
  })
})
