import {
  DEFAULT_ANSWER_FILE_TYPES,
  ROUND_MESSAGES,
  type Round,
  type RoundWarning,
  type StoredFile,
} from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { fromDateTimeLocal } from '@/lib/datetime-local'
import { axeViolations } from '@/test/axe'
import { errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'
import { settle } from '@/test/settle'

import { requirementFixture, roundFixture, storedFileFixture } from '../testing'
import { AddRoundDialog } from './round-form-dialog'
import { RoundGrid } from './round-grid'

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

function renderRounds(
  rounds: Round[],
  handlers: Record<string, Handler> = {},
  warnings: RoundWarning[] = [],
) {
  const fetchMock = stubApi({
    'GET /api/rounds': () => Response.json({ rounds, warnings }),
    ...handlers,
  })
  renderWithApp(
    // In a main landmark, as on the page, so axe looks at the cards and not at their container.
    <main>
      <AddRoundDialog />
      <RoundGrid />
    </main>,
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

/** No rounds yet (and these `handlers`): the Add Round dialog, opened once the list has come. */
async function openAddDialogOnEmpty(handlers: Record<string, Handler> = {}) {
  const fetchMock = renderRounds([], handlers)
  await screen.findByText('No Competition Rounds')
  return { fetchMock, dialog: openAddDialog() }
}

/** Types what every round needs: its name, its description and its first requirement. */
function fillRound(dialog: Dialog, name: string, description: string, requirement: string) {
  type(dialog, 'Name', name)
  type(dialog, 'Description', description)
  type(dialog, 'Requirement 1 description', requirement)
}

function type(dialog: Dialog, label: string, value: string) {
  fireEvent.change(dialog.getByLabelText(label), { target: { value } })
}

/** A new file requirement as the form sends it when nothing but its description is touched. */
const fileRequirement = (description: string, templateFileId: string | null = null) => ({
  description,
  templateFileId,
  kind: 'file',
  required: true,
  fileTypes: DEFAULT_ANSWER_FILE_TYPES,
  maxSizeMb: 10,
})

async function openCardMenu(name: string) {
  fireEvent.keyDown(await screen.findByRole('button', { name: `Actions for ${name}` }), {
    key: 'Enter',
  })
  return within(await screen.findByRole('menu'))
}

describe('the round form', () => {
  it('keeps the last requirement: its remove button is disabled until there is another', async () => {
    const { dialog } = await openAddDialogOnEmpty()

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

  it('sends requirements without the empty rows, prizes by line without blanks, times in UTC, stage 1 first', async () => {
    const { fetchMock, dialog } = await openAddDialogOnEmpty({
      'POST /api/rounds': () => Response.json(roundFixture(1), { status: 201 }),
    })

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
      position: 1,
      status: 'active',
      startTime: fromDateTimeLocal('2026-04-01T09:30'),
      endTime: fromDateTimeLocal('2026-04-10T18:00'),
      maxParticipants: 120,
      requirements: [fileRequirement('A pitch deck'), fileRequirement('A demo video')],
      prizes: ['Gold medal', 'Silver medal'],
      currentParticipants: '0',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Round' }))
  })

  it('says "At least one requirement is required" when every requirement is empty', async () => {
    const { fetchMock, dialog } = await openAddDialogOnEmpty()

    type(dialog, 'Requirement 1 description', '   ')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await settle()

    expect(dialog.getByText(ROUND_MESSAGES.nameRequired)).toBeTruthy()
    expect(dialog.getByText(ROUND_MESSAGES.descriptionRequired)).toBeTruthy()
    expect(dialog.getByText(ROUND_MESSAGES.requirementRequired)).toBeTruthy()
    expect(document.activeElement).toBe(dialog.getByLabelText('Name'))
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    // Checked again on every change after the first submit.
    type(dialog, 'Requirement 1 description', 'A pitch deck')
    await settle()
    expect(dialog.queryByText(ROUND_MESSAGES.requirementRequired)).toBeNull()
  })

  it('refuses an end before the start, beside the End field', async () => {
    const { dialog } = await openAddDialogOnEmpty()

    fillRound(dialog, 'Ideas', 'Send ideas.', 'An abstract')
    type(dialog, 'Start', '2026-04-10T09:00')
    type(dialog, 'End', '2026-04-01T09:00')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await settle()

    const end = dialog.getByLabelText('End')
    expect(end.getAttribute('aria-invalid')).toBe('true')
    expect(dialog.getByText(ROUND_MESSAGES.endBeforeStart)).toBeTruthy()
    expect(document.activeElement).toBe(end)
  })

  it('on a 401 says Unauthorized and signs in again', async () => {
    const location = { href: 'http://localhost/rounds', pathname: '/rounds', search: '' }
    vi.stubGlobal('location', location)
    const { dialog } = await openAddDialogOnEmpty({
      'POST /api/rounds': () => errorResponse(401, 'You are not signed in.', 'UNAUTHORIZED'),
    })

    fillRound(dialog, 'Ideas', 'Send ideas.', 'An abstract')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Unauthorized')).toBeTruthy()
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy()
    await waitFor(() => expect(location.href).toBe('/api/login?returnTo=%2Frounds'), {
      timeout: 2000,
    })
  })

  it('shows the server’s message, or the fallback, when saving fails', async () => {
    const { dialog } = await openAddDialogOnEmpty({
      'POST /api/rounds': () => new Response('', { status: 502 }),
    })

    fillRound(dialog, 'Ideas', 'Send ideas.', 'An abstract')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(await screen.findAllByText(ROUND_MESSAGES.addFailed)).toHaveLength(2)
    expect(screen.getByText('Error')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Add Round' })).toBeTruthy()
  })

  it('keeps focus in the dialog on the error after a failed save, and Escape closes it while the toast shows', async () => {
    renderRounds([], { 'POST /api/rounds': () => new Response('', { status: 502 }) })
    await screen.findByText('No Competition Rounds')
    const addButton = screen.getByRole('button', { name: 'Add Round' })
    const dialog = openAddDialog()

    fillRound(dialog, 'Ideas', 'Send ideas.', 'An abstract')
    const save = dialog.getByRole('button', { name: 'Save' })
    save.focus()
    fireEvent.click(save)

    expect(await screen.findByText('Error')).toBeTruthy()
    const alert = await dialog.findByRole('alert')
    expect(alert.textContent).toBe(ROUND_MESSAGES.addFailed)
    await waitFor(() => expect(document.activeElement).toBe(alert))

    fireEvent.keyDown(alert, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(addButton))
  })

  it('uploads a chosen template, shows its name while and after uploading, and sends its id', async () => {
    let finishUpload!: (file: StoredFile) => void
    const stored = storedFileFixture(7, { name: 'deck-template.pptx' })
    const { fetchMock, dialog } = await openAddDialogOnEmpty({
      'POST /api/files': ({ init }) => {
        expect((init?.body as FormData).get('file')).toBeInstanceOf(File)
        return new Promise((resolve) => {
          finishUpload = (file) => resolve(Response.json(file, { status: 201 }))
        })
      },
      'POST /api/rounds': () => Response.json(roundFixture(1), { status: 201 }),
    })

    fillRound(dialog, 'Ideas', 'Send ideas.', 'A pitch deck')
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
      fileRequirement('A pitch deck', stored.id),
    ])
  })

  it('does not drop a requirement that has a template but no description: it asks for one', async () => {
    const { fetchMock, dialog } = await openAddDialogOnEmpty({
      'POST /api/files': () => Response.json(storedFileFixture(4), { status: 201 }),
    })

    fillRound(dialog, 'Ideas', 'Send ideas.', 'An abstract')
    fireEvent.click(dialog.getByRole('button', { name: 'Add requirement' }))
    fireEvent.change(dialog.getByLabelText('Requirement 2 template (optional)'), {
      target: { files: [new File(['%PDF'], 'template-4.pdf')] },
    })
    await dialog.findByRole('link', { name: 'template-4.pdf' })
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await settle()

    expect(dialog.getByText(ROUND_MESSAGES.requirementDescriptionRequired)).toBeTruthy()
    expect(document.activeElement).toBe(dialog.getByLabelText('Requirement 2 description'))
    expect(requestBody(fetchMock, 'POST', '/api/rounds')).toBeUndefined()
  })

  it('refuses a template of another type or over 10 MB before uploading it', async () => {
    const { fetchMock, dialog } = await openAddDialogOnEmpty()
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
    const { dialog } = await openAddDialogOnEmpty({
      'POST /api/files': () => errorResponse(400, 'Invalid File Type: the content is not a PDF'),
    })

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
        requirementFixture('00000000-0000-4000-9000-000000000031', 'An abstract', { template }),
        requirementFixture('00000000-0000-4000-9000-000000000032', 'A team list'),
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
      {
        id: '00000000-0000-4000-9000-000000000031',
        ...fileRequirement('An abstract', template.id),
      },
      { id: '00000000-0000-4000-9000-000000000032', ...fileRequirement('A team list') },
    ])
    expect(body.position).toBe(1)
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
      'GET /api/rounds': () => Response.json({ rounds, warnings: [] }),
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

describe('a round’s stage number', () => {
  it('puts a new round last by default, offers 1 to n+1, and sends the number chosen', async () => {
    const fetchMock = renderRounds([roundFixture(1), roundFixture(2)], {
      'POST /api/rounds': () => Response.json(roundFixture(3), { status: 201 }),
    })
    await screen.findByRole('article', { name: 'Round 2' })
    const dialog = openAddDialog()

    const stage = dialog.getByLabelText('Stage number') as HTMLInputElement
    expect(stage.value).toBe('3')
    expect(stage.max).toBe('3')
    fillRound(dialog, 'Warm-up', 'Before the ideas.', 'A team name')
    type(dialog, 'Stage number', '1')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    await screen.findByText(ROUND_MESSAGES.added)
    expect(requestBody(fetchMock, 'POST', '/api/rounds').position).toBe(1)
  })

  it('sends no stage number when the rounds could not be loaded, so the new round goes last', async () => {
    const fetchMock = stubApi({
      'GET /api/rounds': () => errorResponse(500, 'The rounds are unavailable'),
      'POST /api/rounds': () => Response.json(roundFixture(1), { status: 201 }),
    })
    renderWithApp(<AddRoundDialog />, { path: '/rounds', user: userWithRole('admin') })
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/rounds', expect.anything()))
    const dialog = openAddDialog()

    expect(dialog.getByLabelText('Stage number')).toHaveProperty('value', '')
    fillRound(dialog, 'Ideas', 'Send ideas.', 'An abstract')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    await screen.findByText(ROUND_MESSAGES.added)
    expect(requestBody(fetchMock, 'POST', '/api/rounds')).not.toHaveProperty('position')
  })

  it('refuses a stage number past the last one, or not a whole number, beside the field', async () => {
    const fetchMock = renderRounds([roundFixture(1)])
    await screen.findByRole('article', { name: 'Round 1' })
    const dialog = openAddDialog()
    fillRound(dialog, 'Ideas', 'Send ideas.', 'An abstract')

    type(dialog, 'Stage number', '3')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await settle()
    const stage = dialog.getByLabelText('Stage number')
    expect(dialog.getByText('The stage number is at most 2')).toBeTruthy()
    expect(stage.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(stage)

    // The contract's own words, checked again as the field changes.
    type(dialog, 'Stage number', '1.5')
    await settle()
    expect(dialog.getByText('The stage number is a whole number')).toBeTruthy()
    type(dialog, 'Stage number', '0')
    await settle()
    expect(dialog.getByText('The stage number is at least 1')).toBeTruthy()
    expect(requestBody(fetchMock, 'POST', '/api/rounds')).toBeUndefined()
  })

  it('edits from the round’s own stage number and sends the new one', async () => {
    const rounds = [roundFixture(1), roundFixture(2), roundFixture(3, { name: 'Finale' })]
    const fetchMock = renderRounds(rounds, {
      [`PUT /api/rounds/${rounds[2]!.id}`]: () => Response.json(rounds[2]),
    })

    const menu = await openCardMenu('Finale')
    fireEvent.click(menu.getByRole('menuitem', { name: 'Edit' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Round' }))
    const stage = dialog.getByLabelText('Stage number') as HTMLInputElement
    expect(stage.value).toBe('3')
    expect(stage.max).toBe('3')
    type(dialog, 'Stage number', '2')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    await screen.findByText(ROUND_MESSAGES.updated)
    expect(requestBody(fetchMock, 'PUT', `/api/rounds/${rounds[2]!.id}`).position).toBe(2)
  })
})

describe('what a requirement takes', () => {
  it('sends a link or a text without file rules, and a file with the types and limit chosen', async () => {
    const { fetchMock, dialog } = await openAddDialogOnEmpty({
      'POST /api/rounds': () => Response.json(roundFixture(1), { status: 201 }),
    })
    type(dialog, 'Name', 'Prototype')
    type(dialog, 'Description', 'Build it.')

    const kind = dialog.getByLabelText('Requirement 1 Answer type') as HTMLSelectElement
    expect([...kind.options].map((o) => o.text)).toEqual(['File upload', 'Link', 'Short text'])
    expect(kind.value).toBe('file')
    // A new requirement is required, and takes the default types up to 10 MB.
    expect(dialog.getByLabelText('Requirement 1 Required')).toHaveProperty('checked', true)
    const types = within(dialog.getByRole('group', { name: 'Requirement 1 Allowed file types' }))
    expect(
      types
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.id.split('-type-')[1]),
    ).toEqual(['pdf', 'doc', 'docx', 'ppt', 'pptx'])
    expect(dialog.getByLabelText('Requirement 1 Size limit (MB)')).toHaveProperty('value', '10')

    type(dialog, 'Requirement 1 description', 'A demo video')
    fireEvent.click(types.getByLabelText('PDF'))
    fireEvent.click(types.getByLabelText('DOC'))
    fireEvent.click(types.getByLabelText('DOCX'))
    fireEvent.click(types.getByLabelText('MP4'))
    type(dialog, 'Requirement 1 Size limit (MB)', '25')
    fireEvent.click(dialog.getByRole('button', { name: 'Add requirement' }))
    type(dialog, 'Requirement 2 description', 'The live demo')
    fireEvent.change(dialog.getByLabelText('Requirement 2 Answer type'), {
      target: { value: 'link' },
    })
    // A link asks for no file types.
    expect(dialog.queryByRole('group', { name: 'Requirement 2 Allowed file types' })).toBeNull()
    fireEvent.click(dialog.getByRole('button', { name: 'Add requirement' }))
    type(dialog, 'Requirement 3 description', 'A one-line pitch')
    fireEvent.change(dialog.getByLabelText('Requirement 3 Answer type'), {
      target: { value: 'text' },
    })
    fireEvent.click(dialog.getByLabelText('Requirement 3 Required'))
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    await screen.findByText(ROUND_MESSAGES.added)
    expect(requestBody(fetchMock, 'POST', '/api/rounds').requirements).toEqual([
      {
        description: 'A demo video',
        templateFileId: null,
        kind: 'file',
        required: true,
        fileTypes: ['ppt', 'pptx', 'mp4'],
        maxSizeMb: 25,
      },
      { description: 'The live demo', templateFileId: null, kind: 'link', required: true },
      { description: 'A one-line pitch', templateFileId: null, kind: 'text', required: false },
    ])
  })

  it('refuses a size limit over 25 MB and a file requirement without types, beside the row', async () => {
    const { fetchMock, dialog } = await openAddDialogOnEmpty()
    fillRound(dialog, 'Ideas', 'Send ideas.', 'An abstract')

    type(dialog, 'Requirement 1 Size limit (MB)', '30')
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await settle()
    const size = dialog.getByLabelText('Requirement 1 Size limit (MB)')
    const message = dialog.getByText('The size limit is at most 25 MB')
    expect(size.getAttribute('aria-describedby')).toContain(message.id)
    expect(document.activeElement).toBe(size)

    type(dialog, 'Requirement 1 Size limit (MB)', '5')
    await settle()
    expect(dialog.queryByText('The size limit is at most 25 MB')).toBeNull()
    const types = within(dialog.getByRole('group', { name: 'Requirement 1 Allowed file types' }))
    for (const box of types.getAllByRole('checkbox')) {
      if ((box as HTMLInputElement).checked) fireEvent.click(box)
    }
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await settle()
    expect(dialog.getByText('Choose at least one file type')).toBeTruthy()
    expect(document.activeElement).toBe(types.getByLabelText('PDF'))
    expect(requestBody(fetchMock, 'POST', '/api/rounds')).toBeUndefined()
  })

  it('edits each requirement with its id, its kind and its rules', async () => {
    const round = roundFixture(1, {
      name: 'Ideation',
      requirements: [
        requirementFixture('00000000-0000-4000-9000-000000000041', 'A demo', {
          kind: 'link',
          required: false,
          fileTypes: [],
        }),
        requirementFixture('00000000-0000-4000-9000-000000000042', 'Slides', {
          fileTypes: ['pdf', 'pptx'],
          maxSizeMb: 20,
        }),
      ],
    })
    const fetchMock = renderRounds([round], {
      [`PUT /api/rounds/${round.id}`]: () => Response.json(round),
    })

    const menu = await openCardMenu('Ideation')
    fireEvent.click(menu.getByRole('menuitem', { name: 'Edit' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Round' }))
    expect(dialog.getByLabelText('Requirement 1 Answer type')).toHaveProperty('value', 'link')
    expect(dialog.getByLabelText('Requirement 1 Required')).toHaveProperty('checked', false)
    expect(dialog.getByLabelText('Requirement 2 Size limit (MB)')).toHaveProperty('value', '20')
    // The first requirement is removed: the second keeps its id, whatever its new place.
    fireEvent.click(dialog.getByRole('button', { name: 'Remove requirement 1' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Add requirement' }))
    type(dialog, 'Requirement 2 description', 'A team photo')
    fireEvent.change(dialog.getByLabelText('Requirement 2 Answer type'), {
      target: { value: 'link' },
    })
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    await screen.findByText(ROUND_MESSAGES.updated)
    expect(requestBody(fetchMock, 'PUT', `/api/rounds/${round.id}`).requirements).toEqual([
      {
        id: '00000000-0000-4000-9000-000000000042',
        description: 'Slides',
        templateFileId: null,
        kind: 'file',
        required: true,
        fileTypes: ['pdf', 'pptx'],
        maxSizeMb: 20,
      },
      { description: 'A team photo', templateFileId: null, kind: 'link', required: true },
    ])
  })

  it('passes axe with the form open, a file, a link and a problem showing', async () => {
    renderRounds([roundFixture(1)])
    await screen.findByRole('article', { name: 'Round 1' })
    const dialog = openAddDialog()
    fireEvent.click(dialog.getByRole('button', { name: 'Add requirement' }))
    fireEvent.change(dialog.getByLabelText('Requirement 2 Answer type'), {
      target: { value: 'link' },
    })
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await settle()
    expect(dialog.getByText(ROUND_MESSAGES.nameRequired)).toBeTruthy()

    expect(await axeViolations()).toEqual([])
  })
})

describe('the server’s warnings about the rounds', () => {
  const ideas = roundFixture(1, { name: 'Ideas', status: 'active' })
  const prototype = roundFixture(2, { name: 'Prototype', status: 'active' })
  const warnings: RoundWarning[] = [
    {
      roundId: ideas.id,
      code: 'ACTIVE_PAST_END',
      message:
        'Ideas is still active, but it ended on 2026-03-15 18:00 UTC. Set it to completed, or move its end time.',
    },
    {
      roundId: prototype.id,
      code: 'SEVERAL_OPEN',
      message:
        'Prototype and Ideas are open at the same time. Set one to upcoming or completed, or change its dates.',
    },
    {
      roundId: prototype.id,
      code: 'DATES_OUT_OF_ORDER',
      message:
        'Prototype (stage 2) starts before Ideas (stage 1) ends. Move its start time or its stage number.',
    },
  ]

  it('lists them above the cards in an alert that names the round and says what to do', async () => {
    renderRounds([ideas, prototype], {}, warnings)

    const alert = within(await screen.findByRole('alert', { name: 'Check these rounds (2)' }))
    expect(
      alert
        .getAllByRole('listitem')
        .map((li) => [...li.querySelectorAll('p')].map((p) => p.textContent)),
    ).toEqual([
      [warnings[0]!.message],
      [
        'Prototype and Ideas are open at the same time. Set one to upcoming or completed, or change its dates.',
        'Prototype (stage 2) starts before Ideas (stage 1) ends. Move its start time or its stage number.',
      ],
    ])
    // One button per round, however many warnings it has.
    expect(alert.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Edit Ideas',
      'Edit Prototype',
    ])
    // The card it is about says so too.
    const card = within(screen.getByRole('article', { name: 'Prototype' }))
    expect(card.getByText(/are open at the same time/).closest('li')?.textContent).toMatch(
      /^Warning: Prototype and Ideas/,
    )
    expect(
      within(screen.getByRole('article', { name: 'Ideas' })).getByText(/still active/),
    ).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('opens the round’s form from its warning, and gives focus back to the warning after', async () => {
    renderRounds([ideas, prototype], {}, warnings)

    const edit = await screen.findByRole('button', { name: 'Edit Prototype' })
    fireEvent.click(edit)
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Round' }))
    expect(dialog.getByLabelText('Name')).toHaveProperty('value', 'Prototype')
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(edit)
  })

  it('shows no alert when the rounds are in order', async () => {
    renderRounds([ideas])
    await screen.findByRole('article', { name: 'Ideas' })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
