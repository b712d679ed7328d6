import type { EmailLogEntry } from '@hackathon/contract'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { axeViolations } from '@/test/axe'
import { stubApi } from '@/test/fetch-stub'
import { stubWindowWidth } from '@/test/media-query'
import { phoneListEntries } from '@/test/phone-list'
import { renderWithApp } from '@/test/render'

import { dateAndTime } from '../format-time'
import { EmailLogCard } from './email-log-card'

const sent: EmailLogEntry = {
  id: '00000000-0000-4000-8000-000000000001',
  to: 'ada@example.org',
  subject: 'Your registration is confirmed',
  template: 'registration-confirmation',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-03-02T09:15:00.000Z',
  sentAt: '2026-03-02T09:15:04.000Z',
}
const failed: EmailLogEntry = {
  ...sent,
  id: '00000000-0000-4000-8000-000000000002',
  to: 'bo@example.org',
  subject: 'Your sign-in code',
  template: 'one-time-code',
  status: 'failed',
  attempts: 5,
  lastError: 'Connection timed out',
  sentAt: null,
}

/** A time as its cell reads: the date, then the time with its zone. */
function shown(iso: string) {
  const { date, time } = dateAndTime(iso)
  return `${date} ${time}`
}

afterEach(() => vi.unstubAllGlobals())

describe('the delivery log card', () => {
  it('lists each message with its status in words and its times in the viewer’s zone', async () => {
    stubApi({ 'GET /api/admin/email-log': () => Response.json({ messages: [sent, failed] }) })
    renderWithApp(<EmailLogCard />)

    const table = await screen.findByRole('table')
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    expect(rows).toEqual([
      [
        'ada@example.org',
        'Your registration is confirmed',
        'Sent',
        '1',
        '—None',
        shown(sent.createdAt),
        shown(sent.sentAt as string),
      ],
      [
        'bo@example.org',
        'Your sign-in code',
        'Failed',
        '5',
        'Connection timed out',
        shown(failed.createdAt),
        '—Not sent',
      ],
    ])
    // The zone's name goes with every time, e.g. '10:15 CET' or '9:15 AM UTC'.
    const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
      .formatToParts(new Date(sent.createdAt))
      .find((part) => part.type === 'timeZoneName')?.value
    expect(zone).toBeTruthy()
    expect(dateAndTime(sent.createdAt).time).toContain(zone)
    expect(table.querySelector('time')?.getAttribute('dateTime')).toBe(sent.createdAt)
    expect(screen.getByRole('region', { name: 'Delivery log' })).toBeTruthy()
  })

  it('says "No emails sent yet" when the log is empty, and reloads it on Refresh', async () => {
    let messages: EmailLogEntry[] = []
    const fetchMock = stubApi({ 'GET /api/admin/email-log': () => Response.json({ messages }) })
    renderWithApp(<EmailLogCard />)

    expect(await screen.findByText('No emails sent yet')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(1)

    messages = [sent]
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))

    expect(await screen.findByText('ada@example.org')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(screen.queryByText('No emails sent yet')).toBeNull()
  })
})

describe('the delivery log on a phone', () => {
  it('lists each message with its status, attempts, times and last error under their names', async () => {
    stubWindowWidth(375)
    stubApi({ 'GET /api/admin/email-log': () => Response.json({ messages: [sent, failed] }) })
    renderWithApp(
      <main>
        <EmailLogCard />
      </main>,
    )

    const list = await screen.findByRole('list', { name: 'Delivery log' })
    expect(screen.queryByRole('table')).toBeNull()
    const entries = phoneListEntries(list)
    expect(entries).toEqual([
      [
        'ada@example.org',
        'Your registration is confirmed',
        'Status: Sent',
        'Attempts: 1',
        `Created: ${shown(sent.createdAt)}`,
        `Sent: ${shown(sent.sentAt as string)}`,
        'Last error: —None',
      ],
      [
        'bo@example.org',
        'Your sign-in code',
        'Status: Failed',
        'Attempts: 5',
        `Created: ${shown(failed.createdAt)}`,
        'Sent: —Not sent',
        'Last error: Connection timed out',
      ],
    ])
    expect(await axeViolations()).toEqual([])
  })
})
