import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { stubApi } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'

import { applicantFixture } from '../testing'
import { EditApplicantDialog } from './edit-applicant-dialog'

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

/** Stored before the field rules (issue 22): a LinkedIn text and a year the form does not offer. */
const oldValues = applicantFixture(7, {
  name: 'Katherine Johnson',
  linkedinProfile: 'my profile',
  yearOfGraduation: '1999',
})

function renderDialog() {
  return renderWithApp(
    <EditApplicantDialog
      applicant={oldValues}
      open
      onClose={() => {}}
      onCloseAutoFocus={() => {}}
    />,
  )
}

const putOf = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')

describe('the applicant edit dialog', () => {
  it('saves a new name although the stored LinkedIn and year break the rules', async () => {
    const fetchMock = stubApi({
      [`PUT /api/applicants/${oldValues.id}`]: ({ body }) =>
        Response.json({ ...oldValues, ...(body as object) }),
    })
    renderDialog()

    const dialog = within(screen.getByRole('dialog', { name: 'Edit Applicant' }))
    fireEvent.change(dialog.getByLabelText('Full Name'), {
      target: { value: 'Katherine G. Johnson' },
    })
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Applicant updated successfully.')).toBeTruthy()
    expect(JSON.parse(String(putOf(fetchMock)?.[1]?.body))).toMatchObject({
      name: 'Katherine G. Johnson',
      linkedinProfile: 'my profile',
      yearOfGraduation: '1999',
    })
  })

  it('refuses a changed LinkedIn value that is not a URL', async () => {
    const fetchMock = stubApi({})
    renderDialog()

    const dialog = within(screen.getByRole('dialog', { name: 'Edit Applicant' }))
    fireEvent.change(dialog.getByLabelText('LinkedIn Profile (Optional)'), {
      target: { value: 'another text' },
    })
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }))

    expect(await dialog.findByText('Invalid LinkedIn URL')).toBeTruthy()
    expect(putOf(fetchMock)).toBeUndefined()
  })
})
