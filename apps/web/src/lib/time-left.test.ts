import { describe, expect, it } from 'vitest'

import { timeLeft } from './time-left'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('the time left before a deadline', () => {
  it.each([
    [2 * DAY + 3 * HOUR + 59 * MINUTE, '2 days 3 hours left'],
    [DAY + 20 * MINUTE, '1 day left'],
    [DAY + HOUR, '1 day 1 hour left'],
    [5 * HOUR + 10 * MINUTE, '5 hours 10 minutes left'],
    [HOUR, '1 hour left'],
    [7 * MINUTE + 59_000, '7 minutes left'],
    [MINUTE, '1 minute left'],
    [59_000, 'Less than a minute left'],
  ])('reads %i ms as "%s", never rounding up', (ms, text) => {
    expect(timeLeft(ms)).toBe(text)
  })
})
