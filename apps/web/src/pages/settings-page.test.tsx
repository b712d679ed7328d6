import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { stubApi } from '@/test/fetch-stub'
import { renderWithApp, userWithRole } from '@/test/render'

import SettingsPage from './settings-page'

afterEach(() => vi.unstubAllGlobals())

describe('the settings page', () => {
  it('shows the email cards first, then the staff card', async () => {
    stubApi({
      'GET /api/admin/email-settings': () =>
        Response.json({
          enableEmails: false,
          emailService: 'gmail',
          emailHost: '',
          emailPort: '',
          emailUser: '',
          emailPass: '',
          passwordSet: false,
          fromEmail: '',
        }),
      'GET /api/admin/email-log': () => Response.json({ messages: [] }),
      'GET /api/staff': () => Response.json({ staff: [] }),
    })
    renderWithApp(<SettingsPage />, { user: userWithRole('admin') })

    expect(await screen.findByText('No emails sent yet')).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Email Service Configuration',
      'System Status',
      'Delivery Log',
      'Staff',
    ])
  })
})
