import { EXPORT_MESSAGES, EXPORT_ROWS_HEADER } from '@hackathon/contract'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import ExportDataPage from '@/pages/export-data-page'
import { dismissToast } from '@/components/ui/use-toast'
import { stubApi, type Handler } from '@/test/fetch-stub'
import { catchDownloads } from '@/test/downloads'
import { renderWithApp, userWithRole } from '@/test/render'

/** What the page handed to the browser to save: one entry per download. */
const downloads = catchDownloads('blob:http://localhost/export')

afterEach(() => {
  act(() => dismissToast())
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const withRows = (body: string, rows: number, name: string) =>
  new Response(body, {
    headers: {
      [EXPORT_ROWS_HEADER]: String(rows),
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  })

function renderPage(handlers: Record<string, Handler>) {
  stubApi(handlers)
  renderWithApp(<ExportDataPage />, { path: '/export-data', user: userWithRole('admin') })
}

function exportFrom(card: string, title: string) {
  fireEvent.click(screen.getByRole('button', { name: card }))
  const dialog = within(screen.getByRole('dialog', { name: title }))
  fireEvent.click(dialog.getByRole('button', { name: 'Export Data' }))
}

describe('how many rows an export holds (issue 22)', () => {
  it('says plainly that no applicant matched, saves no file and keeps the filters open', async () => {
    renderPage({
      'POST /api/admin/export-applicants': () =>
        withRows('Registration ID,Name\r\n', 0, 'applicants_export_2026-11-25.csv'),
    })
    exportFrom('Applicants Data', 'Export Applicants Data')

    expect(await screen.findByText(EXPORT_MESSAGES.applicantsNone)).toBeTruthy()
    expect(screen.getByText('Nothing to Export')).toBeTruthy()
    expect(screen.queryByText('Export Successful')).toBeNull()
    expect(downloads).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Export Applicants Data' })).toBeTruthy()
  })

  it('says how many applicants were exported', async () => {
    renderPage({
      'POST /api/admin/export-applicants': () =>
        withRows('h\r\na\r\nb\r\nc\r\n', 3, 'applicants_export_2026-11-25.csv'),
    })
    exportFrom('Applicants Data', 'Export Applicants Data')

    expect(
      await screen.findByText(
        (_, el) =>
          el?.textContent === `${EXPORT_MESSAGES.applicantsDone} 3 applicants exported.` &&
          el.tagName !== 'SPAN',
      ),
    ).toBeTruthy()
    expect(downloads.map((d) => d.name)).toEqual(['applicants_export_2026-11-25.csv'])
  })

  it('says plainly that no round matched', async () => {
    renderPage({
      'POST /api/admin/export-rounds': () => withRows('PK', 0, 'rounds_export_2026-11-25.xlsx'),
    })
    exportFrom('Competition Round Details', 'Export Competition Round Details')

    expect(await screen.findByText(EXPORT_MESSAGES.roundsNone)).toBeTruthy()
    expect(downloads).toEqual([])
  })

  it('says how many rounds were exported, one as one', async () => {
    renderPage({
      'POST /api/admin/export-rounds': () => withRows('PK', 1, 'rounds_export_2026-11-25.xlsx'),
    })
    exportFrom('Competition Round Details', 'Export Competition Round Details')

    expect(await screen.findByText(EXPORT_MESSAGES.roundsDone)).toBeTruthy()
    expect(downloads.map((d) => d.name)).toEqual(['rounds_export_2026-11-25.xlsx'])
  })
})
