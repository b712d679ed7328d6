import { ROUND_MESSAGES, type Round, type StoredFile } from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { fromDateTimeLocal } from '@/lib/datetime-local'
import { errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import { roundFixture, storedFileFixture } from '../testing'
import { AddRoundDialog } from './round-form-dialog'
import { RoundGrid } from './round-grid'

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

function renderRounds(rounds: Round[], handlers: Record<string, Handler> = {}) {
  const fetchMock = stubApi({ 'GET /api/rounds': () => Response.json({ rounds }), ...handlers })
  renderWithApp(
    <>
      <AddRoundDialog />
      <RoundGrid />
    </>,
    { path: '/rounds', user: userWithRole('admin') },
  )
  return fetchMock
}

function requestBody(fetchMock: ReturnType<typeof stubApi>, method: string, url: string) {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === method)
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

function openAddDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Add Round' }))
  return within(screen.getByRole('dialog', { name: 'Add Round' }))
}

type Dialog = ReturnType<typeof openAddDialog>

function type(dialog: Dialog, label: string, value: string) {
  fireEvent.change(dialog.getByLabelText(label), { target: { value } })
}

async function openCardMenu(name: string) {
  fireEvent.keyDown(await screen.findByRole('button', { name: `Actions for ${name}` }), {
    key: 'Enter',
  })
  return within(await screen.findByRole('menu'))
}

describe('the round form', () => {
  it('keeps the last requirement: its remove button is disabled until there is another', async () => {
    renderRounds([])
    await screen.findByText('No Competition Rounds')
    const dialog = openAddDialog()

    expect(dialog.getByLabelText('Requirement 1 description')).toBeTruthy()
    expect(dialog.getByRole('button', { name: 'Remove requirement 1' })).toHaveProperty(
      'disabled',
      true,
    )

    fireEvent.click(dialog.getByRole('button', { name: 'Add requirement' }))

    expect(document.activeElement).toBe(dialog.getByLabelText('Requirement 2 description'))
    expect(dialog.getByRole('button', { name: 'Remove requirement 1' })).toHaveProperty(
      'disabled',
      false,
    )
    fireEvent.click(dialog.getByRole('button', { name: 'Remove requirement 2' }))
    expect(dialog.queryByLabelText('Requirement 2 description')).toBeNull()
    expect(dialog.getByRole('button', { name: 'Remove requirement 1' })).toHaveProperty(
      'disabled',
      true,
    )
  })

  it('sends requirements without the empty rows, prizes by line without blanks, times in UTC', async () => {
    const fetchMock = renderRounds([], {
      'POST /api/rounds': () => Response.json(roundFixture(1), { status: 201 }),
    })
    await screen.findByText('No Competition Rounds')
    const dialog = openAddDialog()

    type(dialog, 'Name', '  Prototype Submission ')
    type(dialog, 'Description', 'Build it.')
    fireEvent.change(dialog.getByLabelText('Status'), { target: { value: 'active' } })
    type(dialog, 'Start', '2026-04-01T09:30')
    type(dialog, 'End', '2026-04-10T18:00')
    type(dialog, 'Max Participants', '120')
    type(dialog, 'Requirement 1 description', 'A pitch deck')
    fireEvent.click(dialog.getByRole('button', { name: 'Add requirement' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Add requirement' }))
    type(dialog, 'Requirement 2 description', '   ')
    type(dialog, 'Requirement 3 description', 'A demo video')
    type(dialog, 'Prizes', 'Gold medal\n\n  Silver medal  \n   \n')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(ROUND_MESSAGES.added)).toBeTruthy()
    expect(screen.getByText('Success')).toBeTruthy()
    expect(requestBody(fetchMock, 'POST', '/api/rounds')).toEqual({
      name: 'Prototype Submission',
      description: 'Build it.',
      status: 'active',
      startTime: fromDateTimeLocal('2026-04-01T09:30'),
      endTime: fromDateTimeLocal('2026-04-10T18:00'),
      maxParticipants: 120,
      requirements: [
        { description: 'A pitch deck', templateFileId: null },
        { description: 'A demo video', templateFileId: null },
      ],
      prizes: ['Gold medal', 'Silver medal'],
      currentParticipants: '0',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Round' }))
  })

  it('says "At least one requirement is required" when every requirement is empty', async () => {
    const fetchMock = renderRounds([])
    await screen.findByText('No Competition Rounds')
    const dialog = openAddDialog()

    type(dialog, 'Requirement 1 description', '   ')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(dialog.getByText(ROUND_MESSAGES.nameRequired)).toBeTruthy()
    expect(dialog.getByText(ROUND_MESSAGES.descriptionRequired)).toBeTruthy()
    expect(dialog.getByText(ROUND_MESSAGES.requirementRequired)).toBeTruthy()
    expect(document.activeElement).toBe(dialog.getByLabelText('Name'))
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    // Checked again on every change after the first submit.
    type(dialog, 'Requirement 1 description', 'A pitch deck')
    expect(dialog.queryByText(ROUND_MESSAGES.requirementRequired)).toBeNull()
  })

  it('refuses an end before the start, beside the End field', async () => {
    renderRounds([])
    await screen.findByText('No Competition Rounds')
    const dialog = openAddDialog()

    type(dialog, 'Name', 'Ideas')
    type(dialog, 'Description', 'Send ideas.')
    type(dialog, 'Requirement 1 description', 'An abstract')
    type(dialog, 'Start', '2026-04-10T09:00')
    type(dialog, 'End', '2026-04-01T09:00')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    const end = dialog.getByLabelText('End')
    expect(end.getAttribute('aria-invalid')).toBe('true')
    expect(dialog.getByText(ROUND_MESSAGES.endBeforeStart)).toBeTruthy()
    expect(document.activeElement).toBe(end)
  })

  it('on a 401 says Unauthorized and signs in again', async () => {
    const location = { href: 'http://localhost/rounds' }
    vi.stubGlobal('location', location)
    renderRounds([], {
      'POST /api/rounds': () => errorResponse(401, 'You are not signed in.', 'UNAUTHORIZED'),
    })
    await screen.findByText('No Competition Rounds')
    const dialog = openAddDialog()

    type(dialog, 'Name', 'Ideas')
    type(dialog, 'Description', 'Send ideas.')
    type(dialog, 'Requirement 1 description', 'An abstract')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Unauthorized')).toBeTruthy()
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy()
    await waitFor(() => expect(location.href).toBe('/api/login'), { timeout: 2000 })
  })

  it('shows the server’s message, or the fallback, when saving fails', async () => {
    renderRounds([], { 'POST /api/rounds': () => new Response('', { status: 502 }) })
    await screen.findByText('No Competition Rounds')
    const dialog = openAddDialog()

    type(dialog, 'Name', 'Ideas')
    type(dialog, 'Description', 'Send ideas.')
    type(dialog, 'Requirement 1 description', 'An abstract')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(ROUND_MESSAGES.addFailed)).toBeTruthy()
    expect(screen.getByText('Error')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Add Round' })).toBeTruthy()
  })

  it('uploads a chosen template, shows its name while and after uploading, and sends its id', async () => {
    let finishUpload!: (file: StoredFile) => void
    const stored = storedFileFixture(7, { name: 'deck-template.pptx' })
    const fetchMock = renderRounds([], {
      'POST /api/files': ({ init }) => {
        expect((init?.body as FormData).get('file')).toBeInstanceOf(File)
        return new Promise((resolve) => {
          finishUpload = (file) => resolve(Response.json(file, { status: 201 }))
        })
      },
      'POST /api/rounds': () => Response.json(roundFixture(1), { status: 201 }),
    })
    await screen.findByText('No Competition Rounds')
    const dialog = openAddDialog()

    type(dialog, 'Name', 'Ideas')
    type(dialog, 'Description', 'Send ideas.')
    type(dialog, 'Requirement 1 description', 'A pitch deck')
    const file = new File(['deck'], 'deck-template.pptx', { type: 'application/octet-stream' })
    fireEvent.change(dialog.getByLabelText('Requirement 1 template (optional)'), {
      target: { files: [file] },
    })

    expect(await dialog.findByText('Uploading deck-template.pptx…')).toBeTruthy()
    const save = dialog.getByRole('button', { name: 'Save' })
    expect(save.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(save)
    expect(requestBody(fetchMock, 'POST', '/api/rounds')).toBeUndefined()

    await act(async () => finishUpload(stored))

    expect(dialog.getByRole('link', { name: 'deck-template.pptx' })).toBeTruthy()
    expect(dialog.queryByText(/Uploading/)).toBeNull()
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    await screen.findByText(ROUND_MESSAGES.added)
    expect(requestBody(fetchMock, 'POST', '/api/rounds').requirements).toEqual([
      { description: 'A pitch deck', templateFileId: stored.id },
    ])
  })

  it('does not drop a requirement that has a template but no description: it asks for one', async () => {
    const fetchMock = renderRounds([], {
      'POST /api/files': () => Response.json(storedFileFixture(4), { status: 201 }),
    })
    await screen.findByText('No Competition Rounds')
    const dialog = openAddDialog()

    type(dialog, 'Name', 'Ideas')
    type(dialog, 'Description', 'Send ideas.')
    type(dialog, 'Requirement 1 description', 'An abstract')
    fireEvent.click(dialog.getByRole('button', { name: 'Add requirement' }))
    fireEvent.change(dialog.getByLabelText('Requirement 2 template (optional)'), {
      target: { files: [new File(['%PDF'], 'template-4.pdf')] },
    })
    await dialog.findByRole('link', { name: 'template-4.pdf' })
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(dialog.getByText(ROUND_MESSAGES.requirementDescriptionRequired)).toBeTruthy()
    expect(document.activeElement).toBe(dialog.getByLabelText('Requirement 2 description'))
    expect(requestBody(fetchMock, 'POST', '/api/rounds')).toBeUndefined()
  })

  it('refuses a template of another type or over 10 MB before uploading it', async () => {
    const fetchMock = renderRounds([])
    await screen.findByText('No Competition Rounds')
    const dialog = openAddDialog()
    const input = dialog.getByLabelText('Requirement 1 template (optional)')

    fireEvent.change(input, { target: { files: [new File(['x'], 'run.exe')] } })
    expect(
      dialog.getByText(
        'run.exe is not an accepted template type. Choose one of: PDF, DOC, DOCX, TXT, ZIP, PPT, PPTX.',
      ),
    ).toBeTruthy()

    const big = new File(['x'], 'huge.pdf')
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    fireEvent.change(input, { target: { files: [big] } })
    expect(dialog.getByText('huge.pdf is larger than 10 MB. Choose a smaller file.')).toBeTruthy()

    expect(input.getAttribute('accept')).toBe('.pdf,.doc,.docx,.txt,.zip,.ppt,.pptx')
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/files')).toBe(false)
  })

  it('shows the server’s reason when an upload is refused', async () => {
    renderRounds([], {
      'POST /api/files': () => errorResponse(400, 'Invalid File Type: the content is not a PDF'),
    })
    await screen.findByText('No Competition Rounds')
    const dialog = openAddDialog()

    fireEvent.change(dialog.getByLabelText('Requirement 1 template (optional)'), {
      target: { files: [new File(['MZ'], 'fake.pdf')] },
    })

    expect(await dialog.findByText('Invalid File Type: the content is not a PDF')).toBeTruthy()
  })
})

describe('editing and deleting a round', () => {
  it('leads from the card menu to the round’s review and ranking page', async () => {
    const round = roundFixture(7, { name: 'Prototype' })
    renderRounds([round])

    const menu = await openCardMenu('Prototype')
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit',
      'Review & ranking',
      'Delete',
    ])
    const link = menu.getByRole('menuitem', { name: 'Review & ranking' })
    expect(link.getAttribute('href')).toBe(`/rounds/${round.id}/review`)
  })

  it('fills the form from the round and keeps its templates', async () => {
    const template = storedFileFixture(3, { name: 'brief.pdf' })
    const round = roundFixture(1, {
      name: 'Ideation',
      maxParticipants: null,
      requirements: [
        { id: '00000000-0000-4000-9000-000000000031', description: 'An abstract', template },
        { id: '00000000-0000-4000-9000-000000000032', description: 'A team list', template: null },
      ],
      prizes: ['Gold', 'Silver'],
    })
    const fetchMock = renderRounds([round], {
      [`PUT /api/rounds/${round.id}`]: () => Response.json(round),
    })

    const menu = await openCardMenu('Ideation')
    fireEvent.click(menu.getByRole('menuitem', { name: 'Edit' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Round' }))

    expect(dialog.getByLabelText('Name')).toHaveProperty('value', 'Ideation')
    expect(dialog.getByLabelText('Requirement 2 description')).toHaveProperty(
      'value',
      'A team list',
    )
    expect(dialog.getByLabelText('Prizes')).toHaveProperty('value', 'Gold\nSilver')
    expect(dialog.getByRole('link', { name: 'brief.pdf' })).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(ROUND_MESSAGES.updated)).toBeTruthy()
    const body = requestBody(fetchMock, 'PUT', `/api/rounds/${round.id}`)
    expect(body.requirements).toEqual([
      { description: 'An abstract', templateFileId: template.id },
      { description: 'A team list', templateFileId: null },
    ])
    expect(body).toMatchObject({ startTime: round.startTime, endTime: round.endTime })
    expect(body.maxParticipants).toBeNull()
    expect(body).not.toHaveProperty('currentParticipants')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Actions for Ideation' }),
    )
  })

  it('asks again, naming the submissions, when the round has some, then force-deletes', async () => {
    const round = roundFixture(1, { name: 'Prototype' })
    let rounds = [round]
    const fetchMock = stubApi({
      'GET /api/rounds': () => Response.json({ rounds }),
      [`DELETE /api/rounds/${round.id}`]: () =>
        errorResponse(
          409,
          'This round has 3 submissions. Deleting it also deletes them.',
          'HAS_SUBMISSIONS',
        ),
      [`DELETE /api/rounds/${round.id}?force=true`]: () => {
        rounds = []
        return Response.json({ message: ROUND_MESSAGES.deleted })
      },
    })
    renderWithApp(<RoundGrid />, { path: '/rounds', user: userWithRole('admin') })

    const menu = await openCardMenu('Prototype')
    fireEvent.click(menu.getByRole('menuitem', { name: 'Delete' }))
    const first = within(await screen.findByRole('alertdialog', { name: 'Delete Round' }))
    expect(
      first.getByText('Are you sure you want to delete Prototype? This action cannot be undone.'),
    ).toBeTruthy()
    fireEvent.click(first.getByRole('button', { name: 'Delete' }))

    const second = within(
      await screen.findByRole('alertdialog', { name: 'Delete the submissions too?' }),
    )
    expect(
      second.getByText('This round has 3 submissions. Deleting it also deletes them.'),
    ).toBeTruthy()
    expect(screen.queryByRole('alertdialog', { name: 'Delete Round' })).toBeNull()
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(
      `/api/rounds/${round.id}?force=true`,
    )
    fireEvent.click(second.getByRole('button', { name: 'Delete round and submissions' }))

    expect(await screen.findByText(ROUND_MESSAGES.deleted)).toBeTruthy()
    expect(
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url),
    ).toEqual([`/api/rounds/${round.id}`, `/api/rounds/${round.id}?force=true`])
    expect(await screen.findByText('No Competition Rounds')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    // The card is gone: focus goes to the grid rather than to the page body.
    await waitFor(() =>
      expect(document.activeElement?.contains(screen.getByText('No Competition Rounds'))).toBe(
        true,
      ),
    )
  })

  it('deletes a round without submissions after one confirmation', async () => {
    const round = roundFixture(2, { name: 'Final' })
    const fetchMock = renderRounds([round], {
      [`DELETE /api/rounds/${round.id}`]: () => Response.json({ message: ROUND_MESSAGES.deleted }),
    })

    const menu = await openCardMenu('Final')
    fireEvent.click(menu.getByRole('menuitem', { name: 'Delete' }))
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete Round' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText(ROUND_MESSAGES.deleted)).toBeTruthy()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1)
  })

  it('shows the fallback when a delete fails without a message', async () => {
    const round = roundFixture(2, { name: 'Final' })
    renderRounds([round], {
      [`DELETE /api/rounds/${round.id}`]: () => new Response('', { status: 500 }),
    })

    const menu = await openCardMenu('Final')
    fireEvent.click(menu.getByRole('menuitem', { name: 'Delete' }))
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete Round' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText(ROUND_MESSAGES.deleteFailed)).toBeTruthy()
  })
})
