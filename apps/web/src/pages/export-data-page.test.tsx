import { EXPORT_MESSAGES, ROUND_EXPORT_METRICS } from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { deferred, errorResponse, stubApi, type Handler } from '@/test/fetch-stub'
import { catchDownloads } from '@/test/downloads'
import { renderWithApp, userWithRole } from '@/test/render'
import { settle } from '@/test/settle'

import ExportDataPage from './export-data-page'

const APPLICANTS = 'POST /api/admin/export-applicants'
const ROUNDS = 'POST /api/admin/export-rounds'

/** What the page handed to the browser to save: one entry per download. */
const downloads = catchDownloads('blob:http://localhost/export')

afterEach(() => {
  act(() => dismissToast())
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function file(body: string, disposition?: string): Response {
  return new Response(body, {
    headers: disposition ? { 'Content-Disposition': disposition } : {},
  })
}

function renderPage(handlers: Record<string, Handler> = {}) {
  const fetchMock = stubApi(handlers)
  const rendered = renderWithApp(<ExportDataPage />, {
    path: '/export-data',
    user: userWithRole('admin'),
  })
  return { fetchMock, ...rendered }
}

function openDialog(card: string, title: string) {
  fireEvent.click(screen.getByRole('button', { name: card }))
  return within(screen.getByRole('dialog', { name: title }))
}

const openApplicants = () => openDialog('Applicants Data', 'Export Applicants Data')
const openRounds = () => openDialog('Competition Round Details', 'Export Competition Round Details')

function fillIn(dialog: ReturnType<typeof within>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(dialog.getByLabelText(label), { target: { value } })
  }
}

const valueOf = (dialog: ReturnType<typeof within>, label: string) =>
  (dialog.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value

describe('the export data page', () => {
  it('has the documented title, back button and two export cards', () => {
    renderPage()

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Export Data')
    expect(screen.getByText('Download reports and data exports from the system.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/quick-actions')
    const applicants = screen.getByRole('button', { name: 'Applicants Data' })
    expect(applicants.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Export applicant information and status')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Competition Round Details' })).toBeTruthy()
    expect(screen.getByText('Export round configurations and statistics')).toBeTruthy()
  })

  it('opens the applicants dialog with its hint, fields and default times', () => {
    renderPage()

    const dialog = openApplicants()

    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBeTruthy()
    expect(
      dialog.getByText(
        'Set filters to export specific applicant data. Leave fields empty to include all data.',
      ),
    ).toBeTruthy()
    expect(valueOf(dialog, 'From Date')).toBe('')
    expect(valueOf(dialog, 'From Time')).toBe('09:00')
    expect(valueOf(dialog, 'To Date')).toBe('')
    expect(valueOf(dialog, 'To Time')).toBe('18:00')
    expect(valueOf(dialog, 'College Name')).toBe('')
    expect(valueOf(dialog, 'Registration Code')).toBe('')
    const status = dialog.getByLabelText('Status') as HTMLSelectElement
    expect(Array.from(status.options, (o) => [o.value, o.text])).toEqual([
      ['all', 'All Statuses'],
      ['registered', 'Registered'],
      ['submitted', 'Submitted'],
      ['selected', 'Selected'],
      ['not_selected', 'Not Selected'],
      ['won', 'Won'],
    ])
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeTruthy()
    expect(dialog.getByRole('button', { name: 'Export Data' })).toBeTruthy()
  })

  it('exports the filtered applicants under the server’s file name, then closes and resets', async () => {
    const { fetchMock } = renderPage({
      [APPLICANTS]: () =>
        file('name,email\n', 'attachment; filename="applicants_export_2026-03-01.csv"'),
    })
    const dialog = openApplicants()
    fillIn(dialog, {
      'From Date': '2026-03-01',
      'To Date': '2026-03-31',
      'To Time': '17:30',
      'College Name': '  Stanford  ',
      Status: 'submitted',
      'Registration Code': ' ',
    })
    fireEvent.click(dialog.getByRole('button', { name: 'Export Data' }))

    expect(await screen.findByText('Export Successful')).toBeTruthy()
    expect(screen.getByText(EXPORT_MESSAGES.applicantsDone)).toBeTruthy()
    const [, init] = fetchMock.mock.calls[0]!
    expect(init?.credentials).toBe('include')
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json')
    expect(JSON.parse(String(init?.body))).toEqual({
      fromDateTime: '2026-03-01T09:00:00.000Z',
      toDateTime: '2026-03-31T17:30:00.000Z',
      collegeName: 'Stanford',
      status: 'submitted',
    })
    expect(downloads).toEqual([
      { name: 'applicants_export_2026-03-01.csv', href: 'blob:http://localhost/export' },
    ])
    expect(screen.queryByRole('dialog')).toBeNull()
    // Focus goes back to the card that opened the dialog.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Applicants Data' }))

    const reopened = openApplicants()
    expect(valueOf(reopened, 'From Date')).toBe('')
    expect(valueOf(reopened, 'From Time')).toBe('09:00')
    expect(valueOf(reopened, 'To Date')).toBe('')
    expect(valueOf(reopened, 'To Time')).toBe('18:00')
    expect(valueOf(reopened, 'College Name')).toBe('')
    expect(valueOf(reopened, 'Status')).toBe('all')
    expect(valueOf(reopened, 'Registration Code')).toBe('')
  })

  it('names the file applicants_export.csv when the server gives no name', async () => {
    renderPage({ [APPLICANTS]: () => file('name,email\n') })
    const dialog = openApplicants()

    fireEvent.click(dialog.getByRole('button', { name: 'Export Data' }))

    await screen.findByText('Export Successful')
    expect(downloads.map((d) => d.name)).toEqual(['applicants_export.csv'])
  })

  it('keeps the dialog open with its filters and says why when the export fails', async () => {
    renderPage({ [APPLICANTS]: () => errorResponse(500, 'The database is not reachable') })
    const dialog = openApplicants()
    fillIn(dialog, { 'College Name': 'Stanford', 'From Time': '10:15' })

    fireEvent.click(dialog.getByRole('button', { name: 'Export Data' }))

    expect(await screen.findByText('Export Failed')).toBeTruthy()
    expect(screen.getByText('The database is not reachable')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Export Applicants Data' })).toBeTruthy()
    expect(valueOf(dialog, 'College Name')).toBe('Stanford')
    expect(valueOf(dialog, 'From Time')).toBe('10:15')
    expect(downloads).toEqual([])
  })

  it('falls back to its own sentence when the failure has no message to show', async () => {
    renderPage({ [APPLICANTS]: () => new Response('Bad Gateway', { status: 502 }) })
    const dialog = openApplicants()

    fireEvent.click(dialog.getByRole('button', { name: 'Export Data' }))

    expect(await screen.findByText(EXPORT_MESSAGES.applicantsFailed)).toBeTruthy()
    expect(screen.getByText('Export Failed')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Export Applicants Data' })).toBeTruthy()
  })

  it('on a 401 says Unauthorized and signs in again', async () => {
    const location = {
      href: 'http://localhost/export-data',
      pathname: '/export-data',
      search: '',
    }
    vi.stubGlobal('location', location)
    renderPage({
      [APPLICANTS]: () => errorResponse(401, 'You are not signed in.', 'UNAUTHORIZED'),
    })
    const dialog = openApplicants()

    fireEvent.click(dialog.getByRole('button', { name: 'Export Data' }))

    expect(await screen.findByText('Unauthorized')).toBeTruthy()
    expect(screen.queryByText('Export Failed')).toBeNull()
    await waitFor(() => expect(location.href).toBe('/api/login?returnTo=%2Fexport-data'), {
      timeout: 2000,
    })
  })

  it('asks for nothing when the period ends before it starts', async () => {
    const { fetchMock } = renderPage()
    const dialog = openApplicants()
    fillIn(dialog, { 'From Date': '2026-03-31', 'To Date': '2026-03-01' })

    fireEvent.click(dialog.getByRole('button', { name: 'Export Data' }))
    await settle()

    const toDate = dialog.getByLabelText('To Date')
    expect(toDate.getAttribute('aria-invalid')).toBe('true')
    expect(dialog.getByText('The start of the period must be before its end')).toBeTruthy()
    expect(document.activeElement).toBe(toDate)
    expect(fetchMock).not.toHaveBeenCalled()

    // The start put right, the end's message goes: it is checked again with the start.
    fillIn(dialog, { 'From Date': '2026-02-28' })
    await settle()
    expect(dialog.queryByText('The start of the period must be before its end')).toBeNull()
    expect(toDate.getAttribute('aria-invalid')).toBeNull()
  })

  it('opens the rounds dialog with its hint, stages and unticked metrics', () => {
    renderPage()

    const dialog = openRounds()

    expect(dialog.getByText('Export competition round configurations and statistics.')).toBeTruthy()
    expect(valueOf(dialog, 'From Date')).toBe('')
    expect(valueOf(dialog, 'To Date')).toBe('')
    const stage = dialog.getByLabelText('Stage Name') as HTMLSelectElement
    expect(Array.from(stage.options, (o) => [o.value, o.text])).toEqual([
      ['all', 'All Stages'],
      ['stage1', 'Preliminary Ideas Submission Round'],
      ['stage2', 'Prototype Submission and Selection Round'],
      ['stage3', 'Project Submission and Selection Round'],
      ['stage4', 'Change Makers and Innovators'],
    ])
    for (const metric of ROUND_EXPORT_METRICS) {
      expect(dialog.getByRole('checkbox', { name: metric }).getAttribute('aria-checked')).toBe(
        'false',
      )
    }
  })

  it('exports the chosen stage and metrics, spinning while pending, then resets', async () => {
    const answer = deferred<Response>()
    const { fetchMock } = renderPage({ [ROUNDS]: () => answer.promise })
    const dialog = openRounds()
    fillIn(dialog, { 'From Date': '2026-03-01', 'Stage Name': 'stage3' })
    fireEvent.click(dialog.getByRole('checkbox', { name: 'projectsApproved' }))
    fireEvent.click(dialog.getByLabelText('solutionsToBeBuilt'))

    fireEvent.click(dialog.getByRole('button', { name: 'Export Data' }))

    const exportButton = dialog.getByRole('button', { name: 'Export Data' }) as HTMLButtonElement
    await waitFor(() => expect(exportButton.disabled).toBe(true))
    expect(exportButton.getAttribute('aria-busy')).toBe('true')
    expect(exportButton.querySelector('.animate-spin')).not.toBeNull()
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      filters: { fromDate: '2026-03-01', stageName: 'stage3' },
      metrics: {
        totalParticipants: false,
        totalColleges: false,
        ideasSubmitted: false,
        prototypesApproved: false,
        projectsApproved: true,
        totalInvitees: false,
        solutionsToBeBuilt: true,
      },
    })

    await act(async () => answer.resolve(file('PK')))

    expect(await screen.findByText(EXPORT_MESSAGES.roundsDone)).toBeTruthy()
    expect(screen.getByText('Export Successful')).toBeTruthy()
    expect(downloads.map((d) => d.name)).toEqual(['rounds_export.xlsx'])
    expect(screen.queryByRole('dialog')).toBeNull()

    const reopened = openRounds()
    expect(valueOf(reopened, 'From Date')).toBe('')
    expect(valueOf(reopened, 'Stage Name')).toBe('all')
    for (const metric of ROUND_EXPORT_METRICS) {
      expect(reopened.getByRole('checkbox', { name: metric }).getAttribute('aria-checked')).toBe(
        'false',
      )
    }
  })

  it('keeps the rounds dialog open when that export fails', async () => {
    renderPage({ [ROUNDS]: () => Promise.reject(new TypeError('Failed to fetch')) })
    const dialog = openRounds()
    fireEvent.click(dialog.getByRole('checkbox', { name: 'totalColleges' }))

    fireEvent.click(dialog.getByRole('button', { name: 'Export Data' }))

    expect(await screen.findByText(EXPORT_MESSAGES.roundsFailed)).toBeTruthy()
    expect(screen.getByText('Export Failed')).toBeTruthy()
    expect(
      dialog.getByRole('checkbox', { name: 'totalColleges' }).getAttribute('aria-checked'),
    ).toBe('true')
  })
})
