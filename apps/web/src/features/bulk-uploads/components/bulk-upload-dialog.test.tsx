import {
  LIMITS,
  SELECTION_COLUMNS,
  STAGE_DETAILS_COLUMNS,
  UPLOAD_MESSAGES,
  UPLOAD_REPORT_LIST_MAX,
} from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { axeViolations } from '@/test/axe'
import { stubXhr } from '@/test/fake-xhr'
import { stubApi, type Handler } from '@/test/fetch-stub'
import { catchDownloads } from '@/test/downloads'
import { renderWithApp, userWithRole } from '@/test/render'

import {
  rowErrorFixture,
  selectionChangeFixture,
  selectionReportFixture,
  stageDetailsChangeFixture,
  stageDetailsReportFixture,
} from '../testing'
import type { UploadKind } from '../upload-kinds'
import { BulkUploadDialog } from './bulk-upload-dialog'

const TITLES: Record<UploadKind, string> = {
  selection: 'Upload Applicant Selection',
  stageDetails: 'Upload Stage Details',
}

/** What the dialog handed to the browser to save: one entry per download. */
const downloads = catchDownloads('blob:http://localhost/template')

afterEach(() => {
  act(() => dismissToast())
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function renderDialog(kind: UploadKind, handlers: Record<string, Handler> = {}) {
  const fetchMock = stubApi(handlers)
  const xhr = stubXhr()
  const rendered = renderWithApp(
    <BulkUploadDialog kind={kind}>
      <button type="button">Open upload</button>
    </BulkUploadDialog>,
    { path: '/quick-actions', user: userWithRole('admin') },
  )
  const open = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Open upload' }))
    return within(screen.getByRole('dialog', { name: TITLES[kind] }))
  }
  return { fetchMock, xhr, open, dialog: open(), ...rendered }
}

type Dialog = ReturnType<typeof renderDialog>['dialog']

function sheet(name = 'selection.xlsx', size?: number): File {
  const file = new File(['ApplicantID,RegistrationID\n'], name)
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size })
  return file
}

function choose(dialog: Dialog, file: File) {
  fireEvent.change(dialog.getByLabelText('Spreadsheet file'), { target: { files: [file] } })
}

const button = (dialog: Dialog, name: string) =>
  dialog.getByRole('button', { name }) as HTMLButtonElement

/** Chooses `file`, presses Check File and waits for the dry run to be sent. */
async function startCheck(dialog: Dialog, xhr: ReturnType<typeof stubXhr>, file = sheet()) {
  choose(dialog, file)
  fireEvent.click(button(dialog, 'Check File'))
  await waitFor(() => expect(xhr.sent).toHaveLength(1))
  return xhr.last()
}

/** A check answered with `report`. */
async function checked(dialog: Dialog, xhr: ReturnType<typeof stubXhr>, report: unknown) {
  const request = await startCheck(dialog, xhr)
  await act(async () => request.respond(200, report))
}

/** What a cell says, with the spaces a screen reader would leave between its parts. */
const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim()

function rowsOf(dialog: Dialog, table: string): string[][] {
  const region = dialog.getByRole('region', { name: table })
  return within(region)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => text(cell)),
    )
}

describe('the bulk-upload dialog', () => {
  it('names the columns of each sheet and starts with Apply unavailable', async () => {
    const { dialog } = renderDialog('selection')

    expect(dialog.getByText(new RegExp(SELECTION_COLUMNS.join(', ')))).toBeTruthy()
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBeTruthy()
    expect(button(dialog, 'Download Template')).toBeTruthy()
    const input = dialog.getByLabelText('Spreadsheet file') as HTMLInputElement
    expect(input.type).toBe('file')
    expect(input.accept).toBe('.xlsx,.xls,.csv')
    expect(button(dialog, 'Check File').disabled).toBe(false)
    expect(button(dialog, 'Apply Changes').disabled).toBe(true)
    expect(dialog.getByText('Check the file first to see what it would change.')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('names the stage-details columns in its own dialog', () => {
    const { dialog } = renderDialog('stageDetails')

    expect(dialog.getByText(new RegExp(STAGE_DETAILS_COLUMNS.join(', ')))).toBeTruthy()
  })

  it('refuses a file of the wrong type, one too large, and no file, sending nothing', async () => {
    const { dialog, xhr } = renderDialog('selection')

    choose(dialog, sheet('notes.txt'))
    expect(await screen.findByText(UPLOAD_MESSAGES.invalidType)).toBeTruthy()
    expect(screen.getByText(UPLOAD_MESSAGES.invalidTypeHint)).toBeTruthy()
    expect((dialog.getByLabelText('Spreadsheet file') as HTMLInputElement).value).toBe('')

    choose(dialog, sheet('huge.xlsx', LIMITS.uploadMaxBytes + 1))
    expect(await screen.findByText(UPLOAD_MESSAGES.tooLarge)).toBeTruthy()
    expect(screen.getByText(UPLOAD_MESSAGES.tooLargeHint)).toBeTruthy()

    fireEvent.click(button(dialog, 'Check File'))
    expect(await screen.findByText(UPLOAD_MESSAGES.noFile)).toBeTruthy()
    expect(screen.getByText(UPLOAD_MESSAGES.noFileHint)).toBeTruthy()

    expect(xhr.sent).toEqual([])
  })

  it('checks the file as a dry run, showing the upload’s progress, then what would change', async () => {
    const { dialog, xhr } = renderDialog('selection')
    const file = sheet('selection.csv')

    const request = await startCheck(dialog, xhr, file)

    expect(request.method).toBe('POST')
    expect(request.url).toBe('/api/applicant-selection/upload?dryRun=true')
    expect(request.form.get('file')).toBe(file)
    expect([...request.form.keys()]).toEqual(['file'])
    expect(button(dialog, 'Checking...').getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(button(dialog, 'Checking...'))
    expect(xhr.sent).toHaveLength(1)
    expect(button(dialog, 'Apply Changes').disabled).toBe(true)

    act(() => request.progress(512, 1024))
    const bar = dialog.getByRole('progressbar', { name: 'Uploading selection.csv' })
    expect(bar.getAttribute('aria-valuenow')).toBe('50')
    expect(dialog.getByText('50%')).toBeTruthy()

    act(() => request.progress(1024, 1024))
    expect(dialog.queryByRole('progressbar')).toBeNull()
    expect(dialog.getByText('Checking the file...')).toBeTruthy()

    const report = selectionReportFixture({
      rows: 3,
      unchanged: 1,
      changes: [
        selectionChangeFixture(1),
        selectionChangeFixture(2, {
          fromStatus: 'submitted',
          toStatus: 'not_selected',
          toStage: null,
        }),
      ],
      message: '2 applicants would be updated.',
    })
    await act(async () => request.respond(200, report))

    // Once (the e2e journey finds it by its text), and read out when it arrives.
    expect(
      dialog.getByText('2 applicants would be updated.').closest('[aria-live="polite"]'),
    ).not.toBeNull()
    const counts = Object.fromEntries(
      dialog.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]),
    )
    expect(counts).toEqual({ 'Rows read': '3', 'Would change': '2', Unchanged: '1', Errors: '0' })
    expect(rowsOf(dialog, 'Changes')).toEqual([
      [
        '2',
        'REG-0001',
        'Applicant 1',
        'Submitted to Selected',
        'Preliminary Ideas Submission Round to Prototype Submission and Selection Round',
      ],
      [
        '3',
        'REG-0002',
        'Applicant 2',
        'Submitted to Not Selected',
        'Preliminary Ideas Submission Round to — none',
      ],
    ])
    expect(dialog.queryByRole('region', { name: 'Errors by row' })).toBeNull()
    expect(button(dialog, 'Apply Changes').disabled).toBe(false)
    expect(dialog.getByText('Applies the 2 changes listed above.')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('lists the errors by row, says when there are more, and keeps Apply unavailable', async () => {
    const { dialog, xhr } = renderDialog('selection')
    const errors = Array.from({ length: UPLOAD_REPORT_LIST_MAX }, (_, i) => rowErrorFixture(i + 1))

    await checked(
      dialog,
      xhr,
      selectionReportFixture({
        rows: 812,
        changes: [selectionChangeFixture(1)],
        updated: 1,
        errors,
        errorCount: 811,
        message: '811 rows have errors.',
      }),
    )

    expect(dialog.getByRole('heading', { name: 'Errors by row' })).toBeTruthy()
    const rows = rowsOf(dialog, 'Errors by row')
    expect(rows).toHaveLength(UPLOAD_REPORT_LIST_MAX)
    expect(rows[0]).toEqual(['2', 'Row 2: RegistrationID REG-1 is not an applicant'])
    expect(dialog.getByText('Showing the first 500 of 811')).toBeTruthy()
    expect(button(dialog, 'Apply Changes').disabled).toBe(true)
    expect(
      dialog.getByText(
        'Fix the rows listed under Errors by row, choose the corrected file and check it again.',
      ),
    ).toBeTruthy()
    // Emptied, so that choosing the corrected file (often the same one) counts as a choice.
    expect((dialog.getByLabelText('Spreadsheet file') as HTMLInputElement).value).toBe('')
    fireEvent.click(button(dialog, 'Check File'))
    expect(await screen.findByText(UPLOAD_MESSAGES.noFile)).toBeTruthy()
    expect(dialog.getByRole('region', { name: 'Errors by row' })).toBeTruthy()
  })

  it('keeps Apply unavailable when the file changes nothing', async () => {
    const { dialog, xhr } = renderDialog('selection')

    await checked(dialog, xhr, selectionReportFixture({ rows: 4, unchanged: 4 }))

    expect(button(dialog, 'Apply Changes').disabled).toBe(true)
    expect(
      dialog.getByText('Nothing to apply: the file matches what is already saved.'),
    ).toBeTruthy()
  })

  it('shows only the stage figures that change, before and after', async () => {
    const { dialog, xhr } = renderDialog('stageDetails')

    await checked(
      dialog,
      xhr,
      stageDetailsReportFixture({
        changes: [
          stageDetailsChangeFixture(
            1,
            { totalParticipants: 100, totalColleges: 12 },
            { totalParticipants: 1500, totalInvitees: 40 },
          ),
        ],
      }),
    )

    const [row] = rowsOf(dialog, 'Changes')
    expect(row?.slice(0, 2)).toEqual(['2', 'Round 1'])
    const figures = within(dialog.getByRole('region', { name: 'Changes' })).getAllByRole('listitem')
    expect(figures.map(text)).toEqual([
      'Total Participants: 100 to 1,500',
      'Total Invitees: — none to 40',
    ])
    // Total Colleges stays 12: not listed.
  })

  it('says how many changes it lists when the server lists only the first ones', async () => {
    const { dialog, xhr } = renderDialog('selection')
    const changes = Array.from({ length: 3 }, (_, i) => selectionChangeFixture(i + 1))

    await checked(dialog, xhr, selectionReportFixture({ changes, updated: 1200 }))

    expect(dialog.getByText('Showing the first 3 of 1200')).toBeTruthy()
  })

  it('applies the checked file without dryRun, says so, refreshes the lists and resets', async () => {
    const { dialog, xhr, queryClient, open } = renderDialog('selection')
    const seeded = [
      ['/api/applicants', { search: '', status: 'all', page: 1, limit: 10 }],
      ['/api/rounds'],
      ['/api/stage-stats'],
      ['/api/recent-activity'],
    ]
    for (const key of seeded) queryClient.setQueryData(key, {})
    const file = sheet('final.xlsx')
    choose(dialog, file)
    fireEvent.click(button(dialog, 'Check File'))
    await waitFor(() => expect(xhr.sent).toHaveLength(1))
    await act(async () =>
      xhr.last().respond(200, selectionReportFixture({ changes: [selectionChangeFixture(1)] })),
    )

    fireEvent.click(button(dialog, 'Apply Changes'))
    await waitFor(() => expect(xhr.sent).toHaveLength(2))
    const request = xhr.last()
    expect(request.url).toBe('/api/applicant-selection/upload')
    expect(request.form.get('file')).toBe(file)
    const applying = button(dialog, 'Applying...')
    expect(applying.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(applying)
    expect(xhr.sent).toHaveLength(2)
    act(() => request.progress(300, 1000))
    expect(
      dialog
        .getByRole('progressbar', { name: 'Uploading final.xlsx' })
        .getAttribute('aria-valuenow'),
    ).toBe('30')
    await act(async () =>
      request.respond(
        200,
        selectionReportFixture({
          dryRun: false,
          changes: [selectionChangeFixture(1)],
          message: '1 applicant updated.',
        }),
      ),
    )

    expect(await screen.findByText('Upload Successful')).toBeTruthy()
    expect(screen.getByText('1 applicant updated.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    for (const key of seeded) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true)

    const reopened = open()
    expect((reopened.getByLabelText('Spreadsheet file') as HTMLInputElement).value).toBe('')
    expect(reopened.queryByRole('region', { name: 'Changes' })).toBeNull()
    expect(button(reopened, 'Apply Changes').disabled).toBe(true)
  })

  it('on a refused upload says Upload Failed and lists the row errors, changing nothing', async () => {
    const { dialog, xhr, queryClient } = renderDialog('stageDetails')
    queryClient.setQueryData(['/api/rounds'], {})
    await checked(
      dialog,
      xhr,
      stageDetailsReportFixture({
        changes: [stageDetailsChangeFixture(1, { totalColleges: 3 }, { totalColleges: 4 })],
      }),
    )

    fireEvent.click(button(dialog, 'Apply Changes'))
    await waitFor(() => expect(xhr.sent).toHaveLength(2))
    expect(xhr.last().url).toBe('/api/stage-details/upload')
    await act(async () =>
      xhr.last().respond(422, {
        ...stageDetailsReportFixture({
          dryRun: false,
          errors: [{ row: 2, message: 'No round is named Round 1' }],
          message: '1 row has errors. Nothing was changed.',
        }),
        code: 'VALIDATION_ERROR',
      }),
    )

    expect(await screen.findByText('Upload Failed')).toBeTruthy()
    expect(screen.getAllByText('1 row has errors. Nothing was changed.').length).toBeGreaterThan(1)
    expect(rowsOf(dialog, 'Errors by row')).toEqual([['2', 'No round is named Round 1']])
    expect(screen.getByRole('dialog', { name: TITLES.stageDetails })).toBeTruthy()
    expect(button(dialog, 'Apply Changes').disabled).toBe(true)
    expect(
      dialog.getByText(
        'Nothing was changed. Fix the rows listed under Errors by row, choose the corrected file and check it again.',
      ),
    ).toBeTruthy()
    expect(queryClient.getQueryState(['/api/rounds'])?.isInvalidated).toBe(false)
    expect(await axeViolations()).toEqual([])
  })

  it('tells the server’s reason for a bad file, or its own sentence when there is none', async () => {
    const { dialog, xhr } = renderDialog('selection')

    const request = await startCheck(dialog, xhr)
    await act(async () =>
      request.respond(400, {
        message: 'The sheet has no RegistrationID column.',
        code: 'BAD_FILE',
      }),
    )

    expect(await screen.findByText('Upload Failed')).toBeTruthy()
    expect(screen.getAllByText('The sheet has no RegistrationID column.').length).toBe(2)
    expect(button(dialog, 'Apply Changes').disabled).toBe(true)

    fireEvent.click(button(dialog, 'Check File'))
    await waitFor(() => expect(xhr.sent).toHaveLength(2))
    await act(async () => xhr.last().fail())

    expect(await screen.findAllByText(UPLOAD_MESSAGES.uploadFailedDefault)).toHaveLength(2)
  })

  it('clears the report when another file is chosen', async () => {
    const { dialog, xhr } = renderDialog('selection')
    await checked(dialog, xhr, selectionReportFixture({ changes: [selectionChangeFixture(1)] }))
    expect(dialog.getByRole('region', { name: 'Changes' })).toBeTruthy()

    choose(dialog, sheet('other.xlsx'))

    expect(dialog.queryByRole('region', { name: 'Changes' })).toBeNull()
    expect(button(dialog, 'Apply Changes').disabled).toBe(true)
  })

  it('drops a check on its way when closed, and opens empty again', async () => {
    const { dialog, xhr, open } = renderDialog('selection')
    const request = await startCheck(dialog, xhr)

    fireEvent.click(button(dialog, 'Cancel'))

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(request.aborted).toBe(true)
    const reopened = open()
    expect(button(reopened, 'Check File').disabled).toBe(false)
    expect(reopened.queryByRole('progressbar')).toBeNull()
  })

  it('downloads the template under the server’s name, or its own', async () => {
    let disposition: string | undefined = 'attachment; filename="applicant_selection_2026.xlsx"'
    const { dialog, fetchMock } = renderDialog('selection', {
      'GET /api/applicant-selection/template': () =>
        new Response('PK', {
          headers: disposition ? { 'Content-Disposition': disposition } : {},
        }),
    })

    fireEvent.click(button(dialog, 'Download Template'))
    await waitFor(() =>
      expect(downloads.map((d) => d.name)).toEqual(['applicant_selection_2026.xlsx']),
    )
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include')

    disposition = undefined
    await waitFor(() => expect(button(dialog, 'Download Template').disabled).toBe(false))
    fireEvent.click(button(dialog, 'Download Template'))
    await waitFor(() =>
      expect(downloads.map((d) => d.name)).toEqual([
        'applicant_selection_2026.xlsx',
        'applicant_selection_template.xlsx',
      ]),
    )
  })

  it('names the stage-details template stage_details_template.xlsx by default', async () => {
    const { dialog } = renderDialog('stageDetails', {
      'GET /api/stage-details/template': () => new Response('PK'),
    })

    fireEvent.click(button(dialog, 'Download Template'))

    await waitFor(() =>
      expect(downloads.map((d) => d.name)).toEqual(['stage_details_template.xlsx']),
    )
  })

  it('says Download Failed when the template cannot be fetched', async () => {
    const { dialog } = renderDialog('stageDetails', {
      'GET /api/stage-details/template': () => Response.json({ message: 'boom' }, { status: 500 }),
    })

    fireEvent.click(button(dialog, 'Download Template'))

    expect(await screen.findByText(UPLOAD_MESSAGES.downloadFailed)).toBeTruthy()
    expect(screen.getByText(UPLOAD_MESSAGES.downloadFailedDefault)).toBeTruthy()
    expect(downloads).toEqual([])
  })
})
