import {
  REGISTRATION_CHART_DAYS,
  type ActivityItem,
  type DashboardCharts,
} from '@hackathon/contract'

import { fixtureId, roundRecord } from '@/test/fixtures'

const uuid = fixtureId

/** A round as GET /api/rounds sends it, with only the figures the dashboard reads set. */
export const dashboardRound = roundRecord

/** An activity item `minutesAgo` before `now`. */
export function activityFixture(
  n: number,
  now: number,
  minutesAgo: number,
  overrides: Partial<ActivityItem> = {},
): ActivityItem {
  return {
    id: uuid('7000', n),
    type: 'registration',
    name: `Person ${n}`,
    action: 'registered for the hackathon',
    timestamp: new Date(now - minutesAgo * 60_000).toISOString(),
    ...overrides,
  }
}

/** REGISTRATION_CHART_DAYS days ending `lastDay` (YYYY-MM-DD), with `counts` from the oldest. */
export function registrationDays(
  lastDay: string,
  counts: readonly number[] = [],
): DashboardCharts['registrationsPerDay'] {
  const last = Date.parse(`${lastDay}T00:00:00Z`)
  return Array.from({ length: REGISTRATION_CHART_DAYS }, (_, i) => ({
    date: new Date(last - (REGISTRATION_CHART_DAYS - 1 - i) * 86_400_000)
      .toISOString()
      .slice(0, 10),
    count: counts[i] ?? 0,
  }))
}
