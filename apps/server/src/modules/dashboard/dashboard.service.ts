import {
  RECENT_ACTIVITY_LIMIT,
  REGISTRATION_CHART_DAYS,
  type ActivityItem,
  type DashboardCharts,
  type JuryProgress,
  type StageStats,
} from '@hackathon/contract'
import type { Db } from '../../db/client.js'
import type { SnapshotCache } from '../../lib/snapshot-cache.js'
import * as repo from './dashboard.repo.js'

export type DashboardService = ReturnType<typeof createDashboardService>

const DAY = 86_400_000

/** The dashboards' figures, each computed by the database in one or two queries. */
export function createDashboardService({ db, snapshots }: { db: Db; snapshots: SnapshotCache }) {
  return {
    async stageStats(): Promise<StageStats> {
      const [stages, totals] = await snapshots.get(
        'stage-stats',
        ['applicants', 'submissions', 'rounds'],
        () => Promise.all([repo.stageStats(db), repo.reviewTotals(db)]),
      )
      return { stages, totals }
    },

    /** The jury dashboard's cards for one judge (docs/product/pipeline.md#figures). */
    async juryProgress(jurorId: string): Promise<JuryProgress> {
      const [totals, mine] = await Promise.all([
        snapshots.get('stage-stats:totals', ['applicants', 'submissions', 'rounds'], () =>
          repo.reviewTotals(db),
        ),
        repo.juryAssignments(db, jurorId),
      ])
      return {
        totals,
        mine: mine.assigned
          ? {
              assigned: mine.assigned,
              pending: mine.assigned - mine.reviewed,
              reviewed: mine.reviewed,
            }
          : null,
      }
    },

    async recentActivity(): Promise<ActivityItem[]> {
      const rows = await snapshots.get('recent-activity', ['activity'], () =>
        repo.recentActivity(db, RECENT_ACTIVITY_LIMIT),
      )
      return rows.map((r) => ({
        id: r.id,
        type: r.type as ActivityItem['type'],
        name: r.name,
        action: r.action,
        timestamp: new Date(r.createdAt).toISOString(),
      }))
    },

    /** Registrations per UTC day over the last 30 days (empty days as 0), and the stage funnel. */
    async charts(now = new Date()): Promise<DashboardCharts> {
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
      const first = new Date(today - (REGISTRATION_CHART_DAYS - 1) * DAY)
      const [perDay, registered, rounds] = await snapshots.get(
        `charts:${first.toISOString()}`,
        ['applicants', 'submissions', 'rounds'],
        () =>
          Promise.all([
            repo.registrationsSince(db, first),
            repo.registeredCount(db),
            repo.funnel(db),
          ]),
      )
      const counts = new Map(perDay.map((d) => [d.date, d.count]))
      const registrationsPerDay = Array.from({ length: REGISTRATION_CHART_DAYS }, (_, i) => {
        const date = new Date(first.getTime() + i * DAY).toISOString().slice(0, 10)
        return { date, count: counts.get(date) ?? 0 }
      })
      return { registrationsPerDay, funnel: rounds.map((r) => ({ ...r, registered })) }
    },
  }
}
