import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { activityFixture } from '../testing'
import { RecentActivityList } from './recent-activity'

afterEach(() => vi.useRealTimers())

describe('recent activity', () => {
  it('moves its relative times on every minute while the page stays open', () => {
    vi.useFakeTimers()
    const now = Date.parse('2026-03-10T12:00:00Z')
    vi.setSystemTime(now)
    render(
      <RecentActivityList
        items={[
          activityFixture(1, now, 0.5, { name: 'Mary Jackson' }),
          activityFixture(2, now, 59, { name: 'Alan Turing' }),
        ]}
      />,
    )
    const times = () => Array.from(document.querySelectorAll('time'), (time) => time.textContent)
    expect(times()).toEqual(['just now', '59 minutes ago'])

    act(() => vi.advanceTimersByTime(60_000))
    expect(times()).toEqual(['1 minute ago', '1 hour ago'])
  })

  it('says "No recent activity found" when there is none', () => {
    render(<RecentActivityList items={[]} />)

    expect(screen.getByText('No recent activity found')).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })
})
