import { describe, expect, it } from 'vitest'

import { relativeTime } from './relative-time'

const NOW = Date.parse('2026-03-10T12:00:00Z')
const ago = (ms: number) => new Date(NOW - ms).toISOString()
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('relative times', () => {
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [MINUTE, '1 minute ago'],
    [5 * MINUTE + 30_000, '5 minutes ago'],
    [59 * MINUTE, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [2 * HOUR + 59 * MINUTE, '2 hours ago'],
    [DAY, '1 day ago'],
    [3 * DAY + 5 * HOUR, '3 days ago'],
    [45 * DAY, '1 month ago'],
    [400 * DAY, '1 year ago'],
  ])('reads %i ms ago as "%s"', (elapsed, expected) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(expected)
  })

  it('reads a time slightly ahead of this clock as just now', () => {
    expect(relativeTime(ago(-30_000), NOW)).toBe('just now')
  })

  it('says nothing for a time it cannot read', () => {
    expect(relativeTime('yesterday', NOW)).toBe('')
  })
})
