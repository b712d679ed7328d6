import {
  APPLICANT_MESSAGES,
  APPLICANT_STATUS_LABELS,
  PIPELINE_MESSAGES,
  type ApplicantPipeline,
} from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { formatDateTime } from '@/lib/date-time'
import { axeViolations } from '@/test/axe'
import { errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { stubWindowWidth } from '@/test/media-query'
import { renderWithApp } from '@/test/render'
import { settle } from '@/test/settle'

import { applicantFixture, applicantPage, pipelineRoundFixture } from '../testing'
import { ApplicantTable } from './applicant-table'

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

const FIRST_PAGE = 'GET /api/applicants?page=1&limit=10'

const ada = applicantFixture(1, { name: 'Ada Lovelace', status: 'submitted' })
const grace = applicantFixture(2, { name: 'Grace Hopper', status: 'registered' })
const alan = applicantFixture(3, { name: 'Alan Turing', status: 'round3', currentStage: 'stage2' })

function requestedUrls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)
}

function rowOf(name: string) {
  const row = screen.getByText(name).closest('tr')
  if (!row) throw new Error(`No row for ${name}`)
  return within(row)
}

describe('the applicant table', () => {
  it('shows each applicant with initials, mobile, registration ID, college, stage and status', async () => {
    stubApi({ [FIRST_PAGE]: () => Response.json(applicantPage([ada, alan])) })
    renderWithApp(<ApplicantTable mode="admin" />)

    const table = await screen.findByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Applicant', 'Registration ID', 'College', 'Current Stage', 'Status', 'Actions'])
    const cells = within(screen.getByText('Alan Turing').closest('tr') as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells.slice(0, 5)).toEqual([
      'ATAlan Turing9876500003',
      'HACK-2026-0003',
      'City Engineering College',
      'Prototype Submission and Selection Round',
      'Final Round',
    ])
    expect(rowOf('Ada Lovelace').getByText('None')).toBeTruthy()
  })

  it('pages by 10 with "Showing X to Y of N results", Previous and Next', async () => {
    const all = Array.from({ length: 25 }, (_, i) => applicantFixture(i + 1))
    const page = (n: number) => () =>
      Response.json(applicantPage(all.slice((n - 1) * 10, n * 10), all.length))
    stubApi({
      [FIRST_PAGE]: page(1),
      'GET /api/applicants?page=2&limit=10': page(2),
      'GET /api/applicants?page=3&limit=10': page(3),
    })
    renderWithApp(<ApplicantTable mode="admin" />)

    expect(await screen.findByText('Showing 1 to 10 of 25 results')).toBeTruthy()
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement
    expect(previous.disabled).toBe(true)
    expect(next.disabled).toBe(false)
    expect(screen.getAllByRole('row')).toHaveLength(11)

    fireEvent.click(next)
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeTruthy()
    expect(await screen.findByText('Applicant 11')).toBeTruthy()
    expect(previous.disabled).toBe(false)

    fireEvent.click(next)
    expect(await screen.findByText('Showing 21 to 25 of 25 results')).toBeTruthy()
    expect(await screen.findByText('Applicant 25')).toBeTruthy()
    expect(next.disabled).toBe(true)
    // The button just disabled cannot keep focus; its partner takes it.
    expect(document.activeElement).toBe(previous)

    fireEvent.click(previous)
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeTruthy()
  })

  it('filters by status, listing round3 as "Final Round" and sending no status for all', async () => {
    const fetchMock = stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([ada, grace, alan])),
      'GET /api/applicants?status=round3&page=1&limit=10': () =>
        Response.json(applicantPage([alan])),
    })
    renderWithApp(<ApplicantTable mode="admin" />)
    await screen.findByText('Grace Hopper')

    const filter = screen.getByRole('combobox', { name: 'Filter by status' }) as HTMLSelectElement
    const options = Array.from(filter.options).map((o) => [o.value, o.textContent])
    expect(options[0]).toEqual(['all', 'All Statuses'])
    expect(options).toContainEqual(['round3', 'Final Round'])
    expect(options.slice(1).map(([, label]) => label)).toEqual(
      Object.values(APPLICANT_STATUS_LABELS),
    )

    fireEvent.change(filter, { target: { value: 'round3' } })
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull())
    expect(screen.getByText('Alan Turing')).toBeTruthy()

    fireEvent.change(filter, { target: { value: 'all' } })
    expect(await screen.findByText('Grace Hopper')).toBeTruthy()
    expect(requestedUrls(fetchMock)).toEqual([
      FIRST_PAGE,
      'GET /api/applicants?status=round3&page=1&limit=10',
    ])
  })

  it('searches once the typing pauses, from page 1', async () => {
    const all = Array.from({ length: 15 }, (_, i) => applicantFixture(i + 1))
    const fetchMock = stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage(all.slice(0, 10), 15)),
      'GET /api/applicants?page=2&limit=10': () => Response.json(applicantPage(all.slice(10), 15)),
      'GET /api/applicants?search=ada&page=1&limit=10': () => Response.json(applicantPage([ada])),
    })
    renderWithApp(<ApplicantTable mode="admin" />)
    await screen.findByText('Showing 1 to 10 of 15 results')
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Showing 11 to 15 of 15 results')

    const search = screen.getByRole('searchbox', { name: 'Search applicants' })
    fireEvent.change(search, { target: { value: 'a' } })
    fireEvent.change(search, { target: { value: 'ad' } })
    fireEvent.change(search, { target: { value: ' ada ' } })
    expect(requestedUrls(fetchMock).some((url) => url.includes('search='))).toBe(false)

    expect(await screen.findByText('Ada Lovelace')).toBeTruthy()
    expect(screen.getByText('Showing 1 to 1 of 1 results')).toBeTruthy()
    expect(requestedUrls(fetchMock).filter((url) => url.includes('search='))).toEqual([
      'GET /api/applicants?search=ada&page=1&limit=10',
    ])
  })

  it('gives an admin Edit and Delete for each applicant, and no Select', async () => {
    stubApi({ [FIRST_PAGE]: () => Response.json(applicantPage([ada, grace])) })
    renderWithApp(<ApplicantTable mode="admin" />)
    await screen.findByText('Ada Lovelace')

    for (const name of ['Ada Lovelace', 'Grace Hopper']) {
      expect(screen.getByRole('button', { name: `Edit ${name}` })).toBeTruthy()
      expect(screen.getByRole('button', { name: `Delete ${name}` })).toBeTruthy()
    }
    expect(screen.queryByRole('button', { name: /select/i })).toBeNull()
  })

  it('gives the jury Select only for submitted applicants, and no Edit or Delete', async () => {
    stubApi({ [FIRST_PAGE]: () => Response.json(applicantPage([ada, grace, alan])) })
    renderWithApp(<ApplicantTable mode="jury" title="Submissions for Review" />)
    await screen.findByText('Ada Lovelace')

    expect(screen.getByRole('heading', { level: 2, name: 'Submissions for Review' })).toBeTruthy()
    expect(
      screen.getAllByRole('button', { name: /select/i }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Select Ada Lovelace'])
    expect(rowOf('Ada Lovelace').getByRole('button', { name: /select/i }).textContent).toBe(
      'Select',
    )
    expect(screen.queryByRole('button', { name: /edit|delete/i })).toBeNull()
  })

  it('selects a submitted applicant, says the email is on its way and refreshes the list', async () => {
    let status: 'submitted' | 'selected' = 'submitted'
    const fetchMock = stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([{ ...ada, status }])),
      [`POST /api/applicants/${ada.id}/select`]: () => {
        status = 'selected'
        return Response.json({ message: 'Selected', applicant: { ...ada, status } })
      },
    })
    renderWithApp(<ApplicantTable mode="jury" />)

    fireEvent.click(await screen.findByRole('button', { name: 'Select Ada Lovelace' }))
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Select Applicant' })).getByRole('button', {
        name: 'Select',
      }),
    )

    expect(await screen.findByText(APPLICANT_MESSAGES.selected)).toBeTruthy()
    expect(await within(screen.getByRole('table')).findByText('Selected')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /select/i })).toBeNull()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(post?.[1]?.body).toBe('{}')
  })

  it('asks "Select <name> for <round>? They will be emailed." and only Select sends the call', async () => {
    const submitted = { ...ada, currentStage: 'stage2' }
    const fetchMock = stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([submitted])),
      [`POST /api/applicants/${ada.id}/select`]: () =>
        Response.json({ message: 'Selected', applicant: { ...submitted, status: 'selected' } }),
    })
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
    renderWithApp(<ApplicantTable mode="jury" />)

    const selectButton = await screen.findByRole('button', { name: 'Select Ada Lovelace' })
    fireEvent.click(selectButton)
    let dialog = within(screen.getByRole('alertdialog', { name: 'Select Applicant' }))
    expect(
      dialog.getByText(
        'Select Ada Lovelace for Prototype Submission and Selection Round? They will be emailed.',
      ),
    ).toBeTruthy()
    expect(posts()).toHaveLength(0)

    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(posts()).toHaveLength(0)
    await waitFor(() => expect(document.activeElement).toBe(selectButton))

    fireEvent.click(selectButton)
    dialog = within(screen.getByRole('alertdialog', { name: 'Select Applicant' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Select' }))
    expect(await screen.findByText(APPLICANT_MESSAGES.selected)).toBeTruthy()
    expect(posts()).toHaveLength(1)
  })

  it('shows a refused selection as an Error toast with the server message', async () => {
    stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([ada])),
      [`POST /api/applicants/${ada.id}/select`]: () =>
        errorResponse(409, APPLICANT_MESSAGES.notSubmitted, 'CONFLICT'),
    })
    renderWithApp(<ApplicantTable mode="jury" />)

    fireEvent.click(await screen.findByRole('button', { name: 'Select Ada Lovelace' }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Select' }))

    expect(await screen.findByText(APPLICANT_MESSAGES.notSubmitted)).toBeTruthy()
    expect(screen.getByText('Error')).toBeTruthy()
  })

  it('asks "Are you sure you want to delete …?" before deleting', async () => {
    let applicants = [ada, grace]
    const fetchMock = stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage(applicants)),
      [`DELETE /api/applicants/${grace.id}`]: () => {
        applicants = [ada]
        return Response.json({ message: 'Deleted' })
      },
    })
    renderWithApp(<ApplicantTable mode="admin" />)

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Grace Hopper' }))
    const dialog = within(screen.getByRole('alertdialog', { name: 'Delete Applicant' }))
    expect(
      dialog.getByText(
        'Are you sure you want to delete Grace Hopper? This action cannot be undone.',
      ),
    ).toBeTruthy()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)

    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Applicant deleted successfully.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull())
    expect(screen.queryByRole('alertdialog')).toBeNull()
    // The row and its button are gone: focus goes to the search box, not the page body.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('searchbox', { name: 'Search applicants' }),
      ),
    )
  })

  it('shows a failed delete as an Error toast with the server message', async () => {
    stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([ada])),
      [`DELETE /api/applicants/${ada.id}`]: () =>
        errorResponse(404, APPLICANT_MESSAGES.notFound, 'NOT_FOUND'),
    })
    renderWithApp(<ApplicantTable mode="admin" />)

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText(APPLICANT_MESSAGES.notFound)).toBeTruthy()
    expect(screen.getByText('Error')).toBeTruthy()
  })

  it('edits an applicant, refusing an invalid LinkedIn URL first', async () => {
    let applicants = [grace]
    const fetchMock = stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage(applicants)),
      [`PUT /api/applicants/${grace.id}`]: ({ body }) => {
        applicants = [{ ...grace, ...(body as object) }]
        return Response.json(applicants[0])
      },
    })
    renderWithApp(<ApplicantTable mode="admin" />)

    const editButton = await screen.findByRole('button', { name: 'Edit Grace Hopper' })
    fireEvent.click(editButton)
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Applicant' }))
    expect((dialog.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Grace Hopper')
    const years = dialog.getByLabelText('Year of Graduation') as HTMLSelectElement
    expect(Array.from(years.options).map((o) => o.value)).toEqual([
      '2024',
      '2025',
      '2026',
      '2027',
      '2028',
      '2029',
      '2030',
    ])
    const status = dialog.getByLabelText('Status') as HTMLSelectElement
    expect(Array.from(status.options).map((o) => o.textContent)).toEqual([
      'Registered',
      'Submitted',
      'Selected',
      'Not Selected',
      'Won',
    ])

    const linkedin = dialog.getByLabelText('LinkedIn Profile (Optional)')
    fireEvent.change(linkedin, { target: { value: 'not a url' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }))

    const error = await dialog.findByText('Invalid LinkedIn URL')
    expect(linkedin.getAttribute('aria-invalid')).toBe('true')
    expect(linkedin.getAttribute('aria-describedby')).toContain(error.id)
    expect(document.activeElement).toBe(linkedin)
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)

    fireEvent.change(linkedin, { target: { value: 'https://linkedin.com/in/grace' } })
    await settle()
    expect(dialog.queryByText('Invalid LinkedIn URL')).toBeNull()
    fireEvent.change(status, { target: { value: 'selected' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Applicant updated successfully.')).toBeTruthy()
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Grace Hopper',
      email: grace.email,
      mobile: grace.mobile,
      studentId: grace.studentId,
      collegeName: grace.collegeName,
      course: grace.course,
      yearOfGraduation: '2026',
      linkedinProfile: 'https://linkedin.com/in/grace',
      status: 'selected',
      version: grace.updatedAt,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await within(screen.getByRole('table')).findByText('Selected')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(editButton))
  })

  it('keeps the edit dialog open and says why when the update fails', async () => {
    stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([grace])),
      [`PUT /api/applicants/${grace.id}`]: () =>
        errorResponse(409, APPLICANT_MESSAGES.duplicateEmail, 'CONFLICT'),
    })
    renderWithApp(<ApplicantTable mode="admin" />)

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Grace Hopper' }))
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Save Changes' }),
    )

    // In the Error toast and in the dialog, which stays open.
    expect(await screen.findAllByText(APPLICANT_MESSAGES.duplicateEmail)).toHaveLength(2)
    expect(screen.getByText('Error')).toBeTruthy()
    expect(
      within(screen.getByRole('dialog', { name: 'Edit Applicant' })).getByRole('alert').textContent,
    ).toBe(APPLICANT_MESSAGES.duplicateEmail)
  })

  it('keeps focus in the edit dialog on the error after a failed save, and Escape closes the dialog while the toast shows', async () => {
    stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([grace])),
      [`PUT /api/applicants/${grace.id}`]: () =>
        errorResponse(409, APPLICANT_MESSAGES.duplicateEmail, 'CONFLICT'),
    })
    renderWithApp(<ApplicantTable mode="admin" />)

    const editButton = await screen.findByRole('button', { name: 'Edit Grace Hopper' })
    fireEvent.click(editButton)
    const dialogElement = screen.getByRole('dialog', { name: 'Edit Applicant' })
    const save = within(dialogElement).getByRole('button', { name: 'Save Changes' })
    save.focus()
    fireEvent.click(save)

    // The toast sits outside the modal dialog; the error is said inside it, where focus stays.
    expect(await screen.findByText('Error')).toBeTruthy()
    const alert = await within(dialogElement).findByRole('alert')
    expect(alert.textContent).toContain(APPLICANT_MESSAGES.duplicateEmail)
    await waitFor(() => expect(document.activeElement).toBe(alert))

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(editButton))
  })

  it('says in the dialog when another admin changed the applicant meanwhile, and reloads their version to edit', async () => {
    const changedMessage =
      'Someone else changed this applicant after you opened it: close the form and open it again to see their change.'
    const theirs = {
      ...grace,
      collegeName: 'Their College',
      updatedAt: '2026-01-05T09:30:00.000Z',
    }
    const fetchMock = stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([grace])),
      [`GET /api/applicants/${grace.id}`]: () => Response.json(theirs),
      [`PUT /api/applicants/${grace.id}`]: ({ body }) =>
        (body as { version?: string }).version === theirs.updatedAt
          ? Response.json({ ...theirs, ...(body as object) })
          : errorResponse(409, changedMessage, 'APPLICANT_CHANGED'),
    })
    renderWithApp(<ApplicantTable mode="admin" />)

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Grace Hopper' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Applicant' }))
    fireEvent.change(dialog.getByLabelText('Course/Program'), { target: { value: 'My Course' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }))

    const alert = await dialog.findByRole('alert')
    expect(alert.textContent).toContain(changedMessage)
    const reload = within(alert).getByRole('button', { name: 'Reload applicant' })
    await waitFor(() => expect(document.activeElement).toBe(reload))
    expect(screen.getByRole('dialog', { name: 'Edit Applicant' })).toBeTruthy()
    const puts = () =>
      fetchMock.mock.calls
        .filter(([, init]) => init?.method === 'PUT')
        .map(([, init]) => JSON.parse(String(init?.body)))
    expect(puts()[0].version).toBe(grace.updatedAt)

    fireEvent.click(reload)
    await waitFor(() =>
      expect((dialog.getByLabelText('College/Institution') as HTMLInputElement).value).toBe(
        'Their College',
      ),
    )
    expect(dialog.queryByRole('alert')).toBeNull()
    expect((dialog.getByLabelText('Course/Program') as HTMLInputElement).value).toBe(grace.course)

    fireEvent.change(dialog.getByLabelText('Course/Program'), { target: { value: 'My Course' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Applicant updated successfully.')).toBeTruthy()
    expect(puts()[1]).toMatchObject({
      collegeName: 'Their College',
      course: 'My Course',
      version: theirs.updatedAt,
    })
  })

  it('says beside Status why the rounds’ records refuse the status chosen', async () => {
    const message =
      "This applicant's records in the rounds make their status selected, not registered. Record the decision for a round instead."
    const fetchMock = stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([grace])),
      [`PUT /api/applicants/${grace.id}`]: () => errorResponse(409, message, 'STATUS_NOT_REACHED'),
    })
    renderWithApp(<ApplicantTable mode="admin" />)

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Grace Hopper' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Applicant' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }))

    const refusal = await dialog.findByText(message)
    const status = dialog.getByLabelText('Status')
    expect(status.getAttribute('aria-describedby')).toContain(refusal.id)
    expect(status.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(status))
    expect(screen.queryByText('Error')).toBeNull()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1)

    fireEvent.change(status, { target: { value: 'submitted' } })
    expect(dialog.queryByText(message)).toBeNull()
  })

  it('says when nothing matches, and when the list cannot be loaded', async () => {
    stubApi({
      [FIRST_PAGE]: () => errorResponse(500, 'Database unavailable', 'INTERNAL'),
      'GET /api/applicants?status=won&page=1&limit=10': () => Response.json(applicantPage([])),
    })
    renderWithApp(<ApplicantTable mode="admin" />)

    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable')
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by status' }), {
      target: { value: 'won' },
    })
    expect(await screen.findByText('No applicants found')).toBeTruthy()
    expect(screen.queryByText(/^Showing/)).toBeNull()
  })
})

describe('an applicant’s rounds', () => {
  const ideas = pipelineRoundFixture(1, { name: 'Ideas' })
  const final = pipelineRoundFixture(2, { name: 'Final', prizes: ['Gold', 'Silver'] })
  const PIPELINE: ApplicantPipeline = {
    entries: [
      {
        roundId: final.id,
        roundName: 'Final',
        position: 2,
        state: 'submitted',
        prize: null,
        note: null,
        decidedBy: null,
        decidedAt: null,
        confirmedAt: null,
      },
      {
        roundId: ideas.id,
        roundName: 'Ideas',
        position: 1,
        state: 'advanced',
        prize: null,
        note: 'Strong idea',
        decidedBy: 'Sam Doe',
        decidedAt: '2026-03-05T10:00:00.000Z',
        confirmedAt: '2026-03-06T08:30:00.000Z',
      },
    ],
    events: [
      {
        id: '00000000-0000-4000-8000-000000000901',
        roundName: 'Ideas',
        fromState: 'submitted',
        toState: 'advanced',
        actor: 'Sam Doe',
        note: 'Strong idea',
        at: '2026-03-05T10:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-000000000902',
        roundName: 'Ideas',
        fromState: 'advanced',
        toState: 'confirmed',
        actor: 'Ada Lovelace',
        note: null,
        at: '2026-03-06T08:30:00.000Z',
      },
    ],
  }
  const PIPELINE_URL = `GET /api/applicants/${ada.id}/pipeline`
  const DECISION_URL = `POST /api/applicants/${ada.id}/decision`

  function renderRounds(mode: 'admin' | 'jury', handlers: Record<string, Handler> = {}) {
    const fetchMock = stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([ada])),
      [PIPELINE_URL]: () => Response.json(PIPELINE),
      'GET /api/rounds': () => Response.json({ rounds: [ideas, final], warnings: [] }),
      ...handlers,
    })
    const app = renderWithApp(
      <main>
        <ApplicantTable mode={mode} />
      </main>,
    )
    return { fetchMock, ...app }
  }

  async function openRounds() {
    fireEvent.click(await screen.findByRole('button', { name: 'Rounds for Ada Lovelace' }))
    return within(await screen.findByRole('dialog', { name: 'Rounds of Ada Lovelace' }))
  }

  it('lists the records by stage with who decided, when and why, then the history', async () => {
    renderRounds('admin')
    const dialog = await openRounds()

    const records = within(await dialog.findByRole('list', { name: 'Records by round' }))
    const items = records.getAllByRole('listitem')
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Stage 1: Ideas',
      'Stage 2: Final',
    ])
    const first = within(items[0]!)
    expect(first.getByText('Advanced')).toBeTruthy()
    expect(first.getByText('Sam Doe')).toBeTruthy()
    expect(first.getByText(formatDateTime('2026-03-05T10:00:00.000Z'))).toBeTruthy()
    expect(first.getByText(formatDateTime('2026-03-06T08:30:00.000Z'))).toBeTruthy()
    expect(first.getByText('Strong idea')).toBeTruthy()
    expect(within(items[1]!).getByText('Not decided yet')).toBeTruthy()

    const history = within(dialog.getByRole('list', { name: 'History, oldest first' }))
    expect(history.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Ideas: from Submitted to AdvancedBy Sam Doe, ${formatDateTime('2026-03-05T10:00:00.000Z')}Note: Strong idea`,
      `Ideas: from Advanced to Confirmed participationBy Ada Lovelace, ${formatDateTime('2026-03-06T08:30:00.000Z')}`,
    ])
    await dialog.findByRole('button', { name: 'Record decision' })
    expect(await axeViolations()).toEqual([])
  })

  it('lets the jury read the rounds, without the decision form', async () => {
    renderRounds('jury')
    const dialog = await openRounds()

    expect(await dialog.findByRole('list', { name: 'Records by round' })).toBeTruthy()
    expect(dialog.queryByRole('button', { name: 'Record decision' })).toBeNull()
    expect(dialog.queryByLabelText('Decision')).toBeNull()
  })

  it('records a decision in the applicant’s latest round, then refreshes the lists and figures', async () => {
    let decided = false
    const { fetchMock, queryClient } = renderRounds('admin', {
      [PIPELINE_URL]: () =>
        Response.json(
          decided
            ? {
                ...PIPELINE,
                entries: PIPELINE.entries.map((e) =>
                  e.roundId === final.id ? { ...e, state: 'won', prize: 'Gold' } : e,
                ),
              }
            : PIPELINE,
        ),
      [DECISION_URL]: () => {
        decided = true
        return Response.json({
          message: PIPELINE_MESSAGES.decisionRecorded,
          applicant: { ...ada, status: 'won' },
        })
      },
    })
    // Figures other screens show, counted from the pipeline.
    queryClient.setQueryData(['/api/stage-stats'], { stages: [] })
    queryClient.setQueryData(['/api/dashboard-charts'], { registrationsPerDay: [], funnel: [] })
    const dialog = await openRounds()

    const round = (await dialog.findByLabelText('Round')) as HTMLSelectElement
    expect([...round.options].map((o) => o.text)).toEqual([
      'Choose a round',
      'Stage 1: Ideas',
      'Stage 2: Final',
    ])
    expect(round.value).toBe(final.id)
    const decision = dialog.getByLabelText('Decision') as HTMLSelectElement
    expect([...decision.options].map((o) => o.text)).toEqual([
      'Choose a decision',
      'Advanced',
      'Not advanced',
      'Withdrawn',
      'Won',
      'Back to Submitted (undo a decision on a submission)',
      'Back to Eligible (undo a decision made without a submission)',
    ])
    expect(dialog.queryByLabelText('Prize (optional)')).toBeNull()
    fireEvent.change(decision, { target: { value: 'won' } })
    fireEvent.change(await dialog.findByLabelText('Prize (optional)'), {
      target: { value: ' Gold ' },
    })
    fireEvent.change(dialog.getByLabelText('Note (optional)'), {
      target: { value: 'Best demo of the day' },
    })
    fireEvent.click(dialog.getByRole('button', { name: 'Record decision' }))

    expect(await screen.findByText(PIPELINE_MESSAGES.decisionRecorded)).toBeTruthy()
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/decision'))
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      roundId: final.id,
      decision: 'won',
      note: 'Best demo of the day',
      prize: 'Gold',
    })
    const records = within(dialog.getByRole('list', { name: 'Records by round' }))
    expect(await records.findByText('Won')).toBeTruthy()
    expect(records.getByText('Gold')).toBeTruthy()
    const calls = (key: string) => requestedUrls(fetchMock).filter((url) => url === key).length
    expect(calls(FIRST_PAGE)).toBe(2)
    expect(calls(PIPELINE_URL)).toBe(2)
    for (const key of ['/api/stage-stats', '/api/dashboard-charts']) {
      expect(queryClient.getQueryState([key])?.isInvalidated).toBe(true)
    }
    // Ready for the next decision, in the same round.
    expect((dialog.getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('')
    expect((dialog.getByLabelText('Round') as HTMLSelectElement).value).toBe(final.id)
    expect((dialog.getByLabelText('Decision') as HTMLSelectElement).value).toBe('')
    expect(dialog.queryByLabelText('Prize (optional)')).toBeNull()
  })

  it('asks for a decision first, then shows the server’s refusal in place', async () => {
    const { fetchMock } = renderRounds('admin', {
      [DECISION_URL]: () => errorResponse(409, PIPELINE_MESSAGES.wonOnlyInFinal, 'NOT_FINAL'),
    })
    const dialog = await openRounds()

    fireEvent.click(await dialog.findByRole('button', { name: 'Record decision' }))
    const decision = dialog.getByLabelText('Decision')
    expect(await dialog.findByText('Choose a decision')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(decision))
    expect(decision.getAttribute('aria-invalid')).toBe('true')
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/decision'))).toBe(false)

    fireEvent.change(dialog.getByLabelText('Round'), { target: { value: ideas.id } })
    fireEvent.change(decision, { target: { value: 'won' } })
    await waitFor(() =>
      expect(dialog.queryByText('Choose a decision', { selector: 'p' })).toBeNull(),
    )
    fireEvent.click(dialog.getByRole('button', { name: 'Record decision' }))

    const refusal = await dialog.findByRole('alert')
    expect(refusal.textContent).toBe(PIPELINE_MESSAGES.wonOnlyInFinal)
    expect(screen.getByRole('dialog', { name: 'Rounds of Ada Lovelace' })).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })
})

describe('the applicants on a phone', () => {
  function entryOf(name: string) {
    const item = screen.getByText(name).closest('li')
    if (!item) throw new Error(`No entry for ${name}`)
    return within(item)
  }

  /** The entry's fields as "term: value", in order. */
  function fieldsOf(name: string) {
    return entryOf(name)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)
  }

  it('lists each applicant with every column of the table, and no table', async () => {
    stubWindowWidth(375)
    stubApi({ [FIRST_PAGE]: () => Response.json(applicantPage([ada, alan])) })
    renderWithApp(
      <main>
        <ApplicantTable mode="admin" />
      </main>,
    )

    const list = await screen.findByRole('list', { name: 'Applicants' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByRole('table')).toBeNull()
    expect(entryOf('Alan Turing').getByText('AT')).toBeTruthy()
    expect(entryOf('Alan Turing').getByText('9876500003')).toBeTruthy()
    expect(fieldsOf('Alan Turing')).toEqual([
      'Registration ID: HACK-2026-0003',
      'Status: Final Round',
      'College: City Engineering College',
      'Current Stage: Prototype Submission and Selection Round',
    ])
    expect(fieldsOf('Ada Lovelace')).toContain('Current Stage: —None')
    expect(await axeViolations()).toEqual([])
  })

  it('gives an admin Rounds, Edit and Delete by the names the table uses, with their words', async () => {
    stubWindowWidth(375)
    stubApi({ [FIRST_PAGE]: () => Response.json(applicantPage([ada, grace])) })
    renderWithApp(<ApplicantTable mode="admin" />)
    await screen.findByRole('list', { name: 'Applicants' })

    expect(
      entryOf('Grace Hopper')
        .getAllByRole('button')
        .map((b) => [b.getAttribute('aria-label'), b.textContent]),
    ).toEqual([
      ['Rounds for Grace Hopper', 'Rounds'],
      ['Edit Grace Hopper', 'Edit'],
      ['Delete Grace Hopper', 'Delete'],
    ])
    expect(screen.queryByRole('button', { name: /select/i })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Delete Grace Hopper' }))
    expect(
      within(screen.getByRole('alertdialog', { name: 'Delete Applicant' })).getByText(
        'Are you sure you want to delete Grace Hopper? This action cannot be undone.',
      ),
    ).toBeTruthy()
  })

  it('gives the jury Select for a submitted applicant, and selects after the confirmation', async () => {
    stubWindowWidth(375)
    let status: 'submitted' | 'selected' = 'submitted'
    stubApi({
      [FIRST_PAGE]: () => Response.json(applicantPage([{ ...ada, status }, grace])),
      [`POST /api/applicants/${ada.id}/select`]: () => {
        status = 'selected'
        return Response.json({ message: 'Selected', applicant: { ...ada, status } })
      },
    })
    renderWithApp(<ApplicantTable mode="jury" title="Submissions for Review" />)
    await screen.findByRole('list', { name: 'Submissions for Review' })

    expect(
      screen.getAllByRole('button', { name: /select/i }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Select Ada Lovelace'])
    expect(screen.queryByRole('button', { name: /edit|delete/i })).toBeNull()
    expect(fieldsOf('Ada Lovelace')).toContain('Status: Submitted')

    fireEvent.click(entryOf('Ada Lovelace').getByRole('button', { name: 'Select Ada Lovelace' }))
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Select Applicant' })).getByRole('button', {
        name: 'Select',
      }),
    )
    expect(await screen.findByText(APPLICANT_MESSAGES.selected)).toBeTruthy()
    await waitFor(() => expect(fieldsOf('Ada Lovelace')).toContain('Status: Selected'))
    expect(screen.queryByRole('button', { name: /select/i })).toBeNull()
  })

  it('turns into the table when the window grows wide enough for it', async () => {
    const screenWidth = stubWindowWidth(375)
    stubApi({ [FIRST_PAGE]: () => Response.json(applicantPage([ada])) })
    renderWithApp(<ApplicantTable mode="admin" />)
    await screen.findByRole('list', { name: 'Applicants' })

    act(() => screenWidth.resize(1280))
    expect(screen.getByRole('table')).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Applicants' })).toBeNull()
    expect(screen.getAllByRole('button', { name: 'Edit Ada Lovelace' })).toHaveLength(1)
  })
})
