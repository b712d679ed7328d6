import { EMAIL_SETTINGS_MESSAGES, GMAIL_PRESET, type EmailSettings } from '@hackathon/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { dismissToast } from '@/components/ui/use-toast'
import { deferred, errorResponse, stubApi } from '@/test/fetch-stub'
import { renderWithApp } from '@/test/render'
import { settle } from '@/test/settle'

import { EmailSettingsCard } from './email-settings-card'

function settings(overrides: Partial<EmailSettings> = {}): EmailSettings {
  return {
    enableEmails: true,
    emailService: 'custom',
    emailHost: 'mail.example.org',
    emailPort: '2525',
    emailUser: 'events@example.org',
    emailPass: '',
    passwordSet: true,
    fromEmail: 'noreply@example.org',
    ...overrides,
  }
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(input(label), { target: { value } })
/** The calls made to `METHOD /path`, each as its JSON body. */
const calls = (fetchMock: ReturnType<typeof stubApi>, key: string): unknown[] =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${String(url)}` === key)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined))

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

describe('the email settings card', () => {
  it('fills in and locks host and port for the Gmail preset, and clears and unlocks them for a custom server', async () => {
    stubApi({ 'GET /api/admin/email-settings': () => Response.json(settings()) })
    renderWithApp(<EmailSettingsCard />)

    const custom = await screen.findByRole('radio', { name: 'Custom SMTP Server' })
    expect(custom.getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('group', { name: 'Email Service Provider' })).toBeTruthy()
    expect(input('SMTP Host').value).toBe('mail.example.org')
    expect(input('SMTP Host').readOnly).toBe(false)
    expect(screen.queryByRole('link', { name: /App Passwords/ })).toBeNull()

    fireEvent.click(screen.getByRole('radio', { name: 'Gmail (Recommended)' }))

    expect(input('SMTP Host').value).toBe(GMAIL_PRESET.host)
    expect(input('SMTP Host').readOnly).toBe(true)
    expect(input('SMTP Port').value).toBe('587')
    expect(input('SMTP Port').readOnly).toBe(true)
    expect(input('App Password')).toBeTruthy()
    expect(screen.getByText('16 characters')).toBeTruthy()
    // The saved password belongs to mail.example.org: Gmail needs its own.
    expect(
      screen.getByText('A password is saved for another server: enter the password for this one.'),
    ).toBeTruthy()
    expect(screen.getByText('587 for TLS, 465 for SSL')).toBeTruthy()
    const guide = screen.getByRole('link', { name: /App Passwords/ })
    expect(guide.getAttribute('href')).toBe('https://support.google.com/accounts/answer/185833')
    expect(guide.getAttribute('target')).toBe('_blank')
    expect(guide.getAttribute('rel')).toContain('noopener')

    fireEvent.click(custom)

    expect(input('SMTP Host').value).toBe('')
    expect(input('SMTP Host').readOnly).toBe(false)
    expect(input('SMTP Port').value).toBe('')
    expect(input('SMTP Port').readOnly).toBe(false)
    expect(input(/^Password/)).toBeTruthy()
  })

  it('shows each missing field’s message beneath it on submit, and re-checks as the admin types', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/email-settings': () =>
        Response.json(
          settings({
            emailHost: '',
            emailPort: '',
            emailUser: '',
            fromEmail: '',
            passwordSet: false,
          }),
        ),
    })
    renderWithApp(<EmailSettingsCard />)

    fireEvent.click(await screen.findByRole('button', { name: 'Save Settings' }))
    await settle()

    const expected: [string | RegExp, string][] = [
      ['SMTP Host', EMAIL_SETTINGS_MESSAGES.hostRequired],
      ['SMTP Port', EMAIL_SETTINGS_MESSAGES.portRequired],
      ['Email Address', EMAIL_SETTINGS_MESSAGES.userInvalid],
      [/^Password/, EMAIL_SETTINGS_MESSAGES.passwordRequired],
      ['Sender Email Address', EMAIL_SETTINGS_MESSAGES.senderInvalid],
    ]
    expect(expected.map(([, message]) => message)).toEqual([
      'SMTP host is required',
      'SMTP port is required',
      'Valid email address required',
      'Password is required',
      'Valid sender email required',
    ])
    for (const [label, message] of expected) {
      const field = input(label)
      expect(field.getAttribute('aria-invalid')).toBe('true')
      const describedBy = field.getAttribute('aria-describedby')?.split(' ') ?? []
      expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(message)
    }
    expect(document.activeElement).toBe(input('SMTP Host'))
    expect(calls(fetchMock, 'POST /api/admin/email-settings')).toHaveLength(0)

    type('SMTP Host', 'smtp.example.org')
    await settle()

    expect(screen.queryByText(EMAIL_SETTINGS_MESSAGES.hostRequired)).toBeNull()
    expect(input('SMTP Host').getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByText(EMAIL_SETTINGS_MESSAGES.portRequired)).toBeTruthy()
  })

  it('reads "Saving..." while the save is on its way, then confirms it and reloads the settings', async () => {
    let stored = settings({ passwordSet: false })
    const save = deferred<Response>()
    const fetchMock = stubApi({
      'GET /api/admin/email-settings': () => Response.json(stored),
      'POST /api/admin/email-settings': async ({ body }) => {
        const response = await save.promise
        stored = {
          ...stored,
          ...(body as Partial<EmailSettings>),
          emailPass: '',
          passwordSet: true,
        }
        return response
      },
    })
    renderWithApp(<EmailSettingsCard />)
    await screen.findByRole('button', { name: 'Save Settings' })
    expect(input(/^Password/).getAttribute('placeholder')).toBeNull()

    type(/^Password/, 'smtp-secret')
    type('SMTP Port', ' 465 ')
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }))

    const pending = await screen.findByRole('button', { name: 'Saving...' })
    expect(pending.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(pending)
    expect(calls(fetchMock, 'POST /api/admin/email-settings')).toEqual([
      {
        enableEmails: true,
        emailService: 'custom',
        emailHost: 'mail.example.org',
        emailPort: '465',
        emailUser: 'events@example.org',
        emailPass: 'smtp-secret',
        fromEmail: 'noreply@example.org',
      },
    ])

    save.resolve(Response.json({ message: EMAIL_SETTINGS_MESSAGES.saved }))

    expect(await screen.findByText('Email Settings Updated')).toBeTruthy()
    expect(screen.getByText('Your email configuration has been saved successfully.')).toBeTruthy()
    expect(calls(fetchMock, 'GET /api/admin/email-settings')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeTruthy()
    // Reloaded: the stored password is now only a hint, and the field is empty again.
    expect(input(/^Password/).value).toBe('')
    expect(input(/^Password/).getAttribute('placeholder')).toBe('A password is set')
    expect(screen.getByText(/leave this empty to keep it/)).toBeTruthy()
  })

  it('keeps the stored password when the field is left empty', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/email-settings': () => Response.json(settings({ passwordSet: true })),
      'POST /api/admin/email-settings': () =>
        Response.json({ message: EMAIL_SETTINGS_MESSAGES.saved }),
    })
    renderWithApp(<EmailSettingsCard />)

    fireEvent.click(await screen.findByRole('button', { name: 'Save Settings' }))

    expect(await screen.findByText('Email Settings Updated')).toBeTruthy()
    expect(calls(fetchMock, 'POST /api/admin/email-settings')).toMatchObject([{ emailPass: '' }])
  })

  it('asks for the password again when the host, port or address changes, as the saved one stays with its server', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/email-settings': () => Response.json(settings({ passwordSet: true })),
      'POST /api/admin/email-settings': () =>
        Response.json({ message: EMAIL_SETTINGS_MESSAGES.saved }),
    })
    renderWithApp(<EmailSettingsCard />)
    await screen.findByText('A password is set: leave this empty to keep it.')

    for (const [label, value] of [
      ['SMTP Host', 'relay.elsewhere.org'],
      ['SMTP Port', '587'],
      ['Email Address', 'other@example.org'],
    ] as const) {
      type(label, value)
      expect(
        screen.getByText(
          'A password is saved for another server: enter the password for this one.',
        ),
      ).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }))
      const refusal = await screen.findByText(EMAIL_SETTINGS_MESSAGES.passwordForNewServer)
      expect(input(/^Password/).getAttribute('aria-describedby')).toContain(refusal.id)
      expect(document.activeElement).toBe(input(/^Password/))
      type(
        label,
        settings()[
          label === 'SMTP Host' ? 'emailHost' : label === 'SMTP Port' ? 'emailPort' : 'emailUser'
        ],
      )
      await settle()
      expect(screen.queryByText(EMAIL_SETTINGS_MESSAGES.passwordForNewServer)).toBeNull()
    }
    expect(calls(fetchMock, 'POST /api/admin/email-settings')).toEqual([])

    type('SMTP Host', 'relay.elsewhere.org')
    type(/^Password/, 'relay password')
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText('Email Settings Updated')).toBeTruthy()
    expect(calls(fetchMock, 'POST /api/admin/email-settings')).toMatchObject([
      { emailHost: 'relay.elsewhere.org', emailPass: 'relay password' },
    ])
  })

  it('shows the server’s refusal of a save as "Update Failed"', async () => {
    stubApi({
      'GET /api/admin/email-settings': () => Response.json(settings()),
      'POST /api/admin/email-settings': () => errorResponse(400, 'Password is required'),
    })
    renderWithApp(<EmailSettingsCard />)

    fireEvent.click(await screen.findByRole('button', { name: 'Save Settings' }))

    expect(await screen.findByText('Update Failed')).toBeTruthy()
    expect(screen.getByText('Password is required')).toBeTruthy()
  })

  it('shows a failed connection test as "Email Test Failed" with the server’s reason', async () => {
    const test = deferred<Response>()
    const fetchMock = stubApi({
      'GET /api/admin/email-settings': () => Response.json(settings()),
      'POST /api/admin/test-email': () => test.promise,
    })
    renderWithApp(<EmailSettingsCard />)

    fireEvent.click(await screen.findByRole('button', { name: 'Test Connection' }))

    expect(await screen.findByRole('button', { name: 'Testing...' })).toBeTruthy()
    expect(calls(fetchMock, 'POST /api/admin/test-email')).toEqual([{}])

    test.resolve(
      errorResponse(400, 'The SMTP server refused the user name or password.', 'BAD_REQUEST'),
    )

    const toast = (await screen.findByText('Email Test Failed')).closest('li')
    expect(toast).toBeTruthy()
    expect(
      within(toast as HTMLElement).getByText('The SMTP server refused the user name or password.'),
    ).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Test Connection' })).toBeTruthy()
  })

  it('confirms a working connection with "Email Test Successful"', async () => {
    stubApi({
      'GET /api/admin/email-settings': () => Response.json(settings()),
      'POST /api/admin/test-email': () =>
        Response.json({ message: EMAIL_SETTINGS_MESSAGES.testOk }),
    })
    renderWithApp(<EmailSettingsCard />)

    fireEvent.click(await screen.findByRole('button', { name: 'Test Connection' }))

    expect(await screen.findByText('Email Test Successful')).toBeTruthy()
    expect(screen.getByText('Email service is configured correctly.')).toBeTruthy()
  })

  it('hides the SMTP fields and Test Connection while emails are disabled', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/email-settings': () =>
        Response.json(settings({ enableEmails: false, emailHost: '', passwordSet: false })),
      'POST /api/admin/email-settings': () =>
        Response.json({ message: EMAIL_SETTINGS_MESSAGES.saved }),
    })
    renderWithApp(<EmailSettingsCard />)

    const toggle = await screen.findByRole('switch', { name: 'Enable Email Notifications' })
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect(screen.queryByRole('button', { name: 'Test Connection' })).toBeNull()
    expect(screen.queryByLabelText('SMTP Host')).toBeNull()

    fireEvent.click(toggle)

    expect(screen.getByRole('button', { name: 'Test Connection' })).toBeTruthy()
    expect(input('SMTP Host')).toBeTruthy()

    fireEvent.click(toggle)

    expect(screen.queryByRole('button', { name: 'Test Connection' })).toBeNull()
    // Switched off, nothing else is required: the organizer may not have a mail server at all.
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText('Email Settings Updated')).toBeTruthy()
    expect(calls(fetchMock, 'POST /api/admin/email-settings')).toMatchObject([
      { enableEmails: false },
    ])
  })

  it('checks the whole form again when emails are switched off or on after a failed save', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/email-settings': () =>
        Response.json(settings({ emailHost: '', passwordSet: true })),
      'POST /api/admin/email-settings': () =>
        Response.json({ message: EMAIL_SETTINGS_MESSAGES.saved }),
    })
    renderWithApp(<EmailSettingsCard />)

    fireEvent.click(await screen.findByRole('button', { name: 'Save Settings' }))
    await settle()
    expect(screen.getByText(EMAIL_SETTINGS_MESSAGES.hostRequired)).toBeTruthy()

    const toggle = screen.getByRole('switch', { name: 'Enable Email Notifications' })
    fireEvent.click(toggle)
    await settle()
    fireEvent.click(toggle)
    await settle()
    // Back on, the host is still missing, and said so at once.
    expect(input('SMTP Host').getAttribute('aria-invalid')).toBe('true')

    fireEvent.click(toggle)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText('Email Settings Updated')).toBeTruthy()
    expect(calls(fetchMock, 'POST /api/admin/email-settings')).toMatchObject([
      { enableEmails: false },
    ])
  })

  it('offers another try when the settings cannot be loaded', async () => {
    let fail = true
    stubApi({
      'GET /api/admin/email-settings': () =>
        fail ? errorResponse(500, 'Database unavailable') : Response.json(settings()),
    })
    renderWithApp(<EmailSettingsCard />)

    expect(await screen.findByText('Database unavailable')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))

    await waitFor(() => expect(input('SMTP Host').value).toBe('mail.example.org'))
  })
})
