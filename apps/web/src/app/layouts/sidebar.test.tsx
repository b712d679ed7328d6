import { APP_NAME } from '@hackathon/contract'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { stubApi } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import { Sidebar } from './sidebar'

function menuLinks() {
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the sidebar', () => {
  it.each([
    [
      'admin',
      'Admin Dashboard',
      [
        ['Dashboard', '/'],
        ['Applicants', '/applicants'],
        ['Competition Rounds', '/rounds'],
        ['Quick Actions', '/quick-actions'],
        ['Settings', '/settings'],
      ],
    ],
    [
      'jury',
      'Jury Panel',
      [
        ['Dashboard', '/'],
        ['Applicants', '/applicants'],
        ['Submissions', '/submissions'],
      ],
    ],
    [
      'applicant',
      'Participant Portal',
      [
        ['Dashboard', '/'],
        ['My Submissions', '/my-submissions'],
      ],
    ],
  ])('gives the %s exactly their menu, under the subtitle "%s"', (role, subtitle, items) => {
    renderWithApp(<Sidebar user={userWithRole(role)} />)

    expect(screen.getByText(APP_NAME)).toBeTruthy()
    expect(screen.getByText(subtitle)).toBeTruthy()
    expect(menuLinks()).toEqual(items)
  })

  it('gives any other role no menu items at all', () => {
    renderWithApp(<Sidebar user={userWithRole('owner')} />)

    expect(screen.getByText(APP_NAME)).toBeTruthy()
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.queryAllByRole('link')).toHaveLength(0)
    for (const subtitle of ['Admin Dashboard', 'Jury Panel', 'Participant Portal']) {
      expect(screen.queryByText(subtitle)).toBeNull()
    }
  })

  it('marks the current page, and only it, with aria-current', () => {
    renderWithApp(<Sidebar user={userWithRole('admin')} />, { path: '/rounds' })

    const menu = within(screen.getByRole('navigation', { name: 'Main' }))
    const current = menu.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))
    expect(current.map((link) => [link.textContent, link.getAttribute('aria-current')])).toEqual([
      ['Competition Rounds', 'page'],
    ])
  })

  it('opens the user menu, showing who is signed in, and Change Password opens its dialog', async () => {
    stubApi({})
    renderWithApp(<Sidebar user={userWithRole('jury')} />)

    const trigger = screen.getByRole('button', { name: /Sam Doe/ })
    expect(trigger.textContent).toContain('jury@example.org')
    fireEvent.keyDown(trigger, { key: 'Enter' })

    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Change Password', 'Logout'])

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Change Password' }))

    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeTruthy()
    expect(screen.getByLabelText('Confirm New Password')).toBeTruthy()
  })
})
