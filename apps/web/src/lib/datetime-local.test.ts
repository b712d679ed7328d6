import { describe, expect, it } from 'vitest'

import { fromDateTimeLocal, toDateTimeLocal } from './datetime-local'

describe('datetime-local values', () => {
  it('reads the input on the viewer’s clock and gives UTC', () => {
    const iso = fromDateTimeLocal('2026-04-01T09:30')
    expect(iso).toBe(new Date(2026, 3, 1, 9, 30).toISOString())
    expect(iso?.endsWith('Z')).toBe(true)
  })

  it('gives back the same input value for a saved time', () => {
    for (const value of ['2026-04-01T09:30', '2026-12-31T23:59', '2026-06-15T08:05:07']) {
      expect(toDateTimeLocal(fromDateTimeLocal(value))).toBe(value)
    }
  })

  it('treats an empty or unreadable value as no time', () => {
    expect(fromDateTimeLocal('')).toBeNull()
    expect(fromDateTimeLocal('tomorrow')).toBeNull()
    expect(toDateTimeLocal(null)).toBe('')
    expect(toDateTimeLocal('not a date')).toBe('')
  })
})
