import { SUBMISSION_MESSAGES, type ApplicantRound } from '@hackathon/contract'
import { describe, expect, it } from 'vitest'

import { stageAvailability, startHasPassed } from './stage-availability'

const NOW = Date.parse('2026-03-10T12:00:00.000Z')
const HOUR = 60 * 60 * 1000
const at = (offset: number) => new Date(NOW + offset).toISOString()

type Clock = Parameters<typeof stageAvailability>[0]

function stage(overrides: Partial<Clock> = {}): Clock {
  return {
    access: 'open',
    accessMessage: 'Open for submissions.',
    status: 'active',
    startTime: at(-HOUR),
    endTime: at(HOUR),
    ...overrides,
  } satisfies Pick<ApplicantRound, keyof Clock>
}

describe('whether a stage is open to the applicant, and why not', () => {
  it('follows the server’s access', () => {
    expect(stageAvailability(stage(), NOW)).toBe('open')
    expect(stageAvailability(stage({ access: 'locked' }), NOW)).toBe('locked')
    expect(stageAvailability(stage({ access: 'decided' }), NOW)).toBe('decided')
    expect(stageAvailability(stage({ access: 'closed', status: 'completed' }), NOW)).toBe('closed')
  })

  it('closes an open stage whose end time passes while the page is open', () => {
    expect(stageAvailability(stage({ endTime: at(0) }), NOW)).toBe('expired')
    expect(stageAvailability(stage({ access: 'locked', endTime: at(-HOUR) }), NOW)).toBe('expired')
  })

  it('reads the server’s expiry as expired even before this device’s clock gets there', () => {
    const expired = stage({ access: 'closed', accessMessage: SUBMISSION_MESSAGES.expired })
    expect(stageAvailability(expired, NOW)).toBe('expired')
  })

  it('is not open yet with a start to come, and inactive with none', () => {
    const waiting = { access: 'not_open_yet' as const, status: 'upcoming' as const }
    expect(stageAvailability(stage({ ...waiting, startTime: at(HOUR) }), NOW)).toBe('not_open_yet')
    expect(stageAvailability(stage({ ...waiting, startTime: null }), NOW)).toBe('inactive')
    expect(stageAvailability(stage({ ...waiting, startTime: at(-HOUR) }), NOW)).toBe('inactive')
    // An active stage the server still holds back is about to open: it is asked again.
    const active = stage({ access: 'not_open_yet', startTime: at(-1000) })
    expect(stageAvailability(active, NOW)).toBe('not_open_yet')
    expect(startHasPassed(active, NOW)).toBe(true)
    expect(startHasPassed(stage({ access: 'not_open_yet', startTime: at(HOUR) }), NOW)).toBe(false)
  })
})
