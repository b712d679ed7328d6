import type { EmailSettings } from '@hackathon/contract'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { stubApi } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'

import { EmailStatusCard } from './email-status-card'

function settings(overrides: Partial<EmailSettings>): EmailSettings {
  return {
    enableEmails: true,
    emailService: 'custom',
    emailHost: '',
    emailPort: '',
    emailUser: '',
    emailPass: '',
    passwordSet: false,
    fromEmail: '',
    ...overrides,
  }
}

/** Each term of the status list with its badge's words. */
async function statuses() {
  await screen.findByText('Email Service')
  return screen
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.firstElementChild?.textContent])
}

afterEach(() => vi.unstubAllGlobals())

describe('the email status card', () => {
  it('says Configured when a host is saved, and Enabled when emails are on', async () => {
    stubApi({
      'GET /api/admin/email-settings': () =>
        Response.json(settings({ emailHost: 'smtp.gmail.com', emailPort: '587' })),
    })
    renderWithApp(<EmailStatusCard />)

    expect(await statuses()).toEqual([
      ['Email Service', 'Enabled'],
      ['SMTP Configuration', 'Configured'],
    ])
    expect(screen.getByText('smtp.gmail.com:587')).toBeTruthy()
  })

  it('says Not Configured without a saved host, even with the rest filled in', async () => {
    stubApi({
      'GET /api/admin/email-settings': () =>
        Response.json(
          settings({
            enableEmails: false,
            emailPort: '587',
            emailUser: 'events@example.org',
            passwordSet: true,
            fromEmail: 'noreply@example.org',
          }),
        ),
    })
    renderWithApp(<EmailStatusCard />)

    expect(await statuses()).toEqual([
      ['Email Service', 'Disabled'],
      ['SMTP Configuration', 'Not Configured'],
    ])
    expect(screen.queryByText('Configured')).toBeNull()
  })

  it('says what still goes out while notifications are off: codes and invitations (issue 22)', async () => {
    stubApi({
      'GET /api/admin/email-settings': () =>
        Response.json(settings({ enableEmails: false, emailHost: 'smtp.example.org' })),
    })
    renderWithApp(<EmailStatusCard />)

    await statuses()
    expect(screen.queryByText('No emails are sent.')).toBeNull()
    expect(
      screen.getByText(
        'Notifications are off: applicants get no confirmation, selection or receipt emails. Sign-in codes and staff invitations are still sent.',
      ),
    ).toBeTruthy()
  })
})
