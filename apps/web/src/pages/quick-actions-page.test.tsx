import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { axeViolations } from '@/test/axe'
import { stubApi } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import QuickActionsPage from './quick-actions-page'

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

const COMING_LATER = ['Send Orientation', 'Enable Submissions', 'Send Notifications']

function renderPage() {
  const fetchMock = stubApi({})
  return {
    fetchMock,
    ...renderWithApp(<QuickActionsPage />, { path: '/quick-actions', user: userWithRole('admin') }),
  }
}

/** The card a heading belongs to: its list item. */
const cardOf = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('li') as HTMLElement

describe('the quick actions page', () => {
  it('has a title, and cards for every documented action', () => {
    renderPage()

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quick Actions')
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Add Applicant',
      'Export Data',
      'Applicant Selection Upload',
      'Stage Details Upload',
      ...COMING_LATER,
    ])
    expect(screen.getAllByRole('listitem')).toHaveLength(7)
  })

  it('links to the add-applicant and export pages', () => {
    const { location } = renderPage()

    const add = screen.getByRole('link', { name: 'Add Applicant' })
    expect(add.getAttribute('href')).toBe('/add-applicant')
    expect(add.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Export Data' }).getAttribute('href')).toBe(
      '/export-data',
    )

    fireEvent.click(add)
    expect(location.history.at(-1)).toBe('/add-applicant')
  })

  it('opens each bulk-upload dialog from its card, and gives focus back on closing', async () => {
    renderPage()

    const selection = screen.getByRole('button', { name: 'Applicant Selection Upload' })
    fireEvent.click(selection)
    const dialog = screen.getByRole('dialog', { name: 'Upload Applicant Selection' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(selection))

    fireEvent.click(screen.getByRole('button', { name: 'Stage Details Upload' }))
    expect(screen.getByRole('dialog', { name: 'Upload Stage Details' })).toBeTruthy()
  })

  it('marks the three later actions as coming later, with nothing to press or tab to', () => {
    const { fetchMock } = renderPage()

    for (const title of COMING_LATER) {
      const card = cardOf(title)
      expect(within(card).getByText('Coming later')).toBeTruthy()
      expect(within(card).queryByRole('button')).toBeNull()
      expect(within(card).queryByRole('link')).toBeNull()
      expect(card.querySelector('[tabindex], a, button, input, select, textarea')).toBeNull()
      fireEvent.click(card)
    }
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getAllByText('Coming later')).toHaveLength(3)
  })

  it('passes axe', async () => {
    renderPage()

    expect(await axeViolations()).toEqual([])
  })
})
