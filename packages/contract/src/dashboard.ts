import { z } from 'zod'
import { isoDateTime } from './common.js'
import { ACTIVITY_TYPES } from './constants.js'

/** GET /api/stage-stats: per round, its submissions and how many of those were selected. */
export const stageStat = z
  .object({
    stageId: z.uuid().describe('The round id'),
    submissions: z.number().int().describe('Applicants who submitted to the round'),
    selections: z
      .number()
      .int()
      .describe('Of those, how many are selected, confirmed or further (the qualified count)'),
  })
  .meta({ id: 'StageStat' })
export type StageStat = z.infer<typeof stageStat>
/**
 * The jury dashboard's cards, from the pipeline (docs/product/pipeline.md#figures): every
 * submission, and of those, how many wait for a decision and how many were decided.
 */
export const reviewTotals = z
  .object({
    submissions: z.number().int(),
    pending: z.number().int(),
    reviewed: z.number().int(),
  })
  .meta({ id: 'ReviewTotals' })
export type ReviewTotals = z.infer<typeof reviewTotals>

/**
 * GET /api/jury-progress: the jury dashboard's cards (issue 22). `totals` are the pipeline's
 * (every submission, waiting for a decision, decided); `mine` is this judge's scoring work,
 * null while no submission is assigned to them (scoring not in use).
 */
export const juryProgress = z
  .object({
    totals: reviewTotals,
    mine: z
      .object({
        assigned: z.number().int().describe('Submissions assigned to this judge'),
        pending: z.number().int().describe('Of those, not yet scored by this judge'),
        reviewed: z.number().int().describe('Of those, scored by this judge'),
      })
      .nullable(),
  })
  .meta({ id: 'JuryProgress' })
export type JuryProgress = z.infer<typeof juryProgress>

/** GET /api/stage-stats: `stages` lists exactly the rounds that have records in the pipeline. */
export const stageStats = z
  .object({ stages: z.array(stageStat), totals: reviewTotals })
  .meta({ id: 'StageStats' })
export type StageStats = z.infer<typeof stageStats>

/**
 * GET /api/recent-activity: the latest items, newest first
 * (docs/product/dashboard.md#admin-dashboard).
 */
export const activityItem = z
  .object({
    id: z.uuid(),
    type: z.enum(ACTIVITY_TYPES),
    name: z.string(),
    action: z.string(),
    timestamp: isoDateTime,
  })
  .meta({ id: 'ActivityItem' })
export type ActivityItem = z.infer<typeof activityItem>
export const recentActivity = z.array(activityItem).meta({ id: 'RecentActivity' })

/** How many items Recent Activity lists. */
export const RECENT_ACTIVITY_LIMIT = 20
/** Days the registrations chart covers, today (UTC) included. */
export const REGISTRATION_CHART_DAYS = 30

/** GET /api/dashboard-charts: the two charts of the admin dashboard. */
export const dashboardCharts = z
  .object({
    registrationsPerDay: z
      .array(z.object({ date: z.iso.date(), count: z.number().int() }))
      .describe('One entry per UTC day, oldest first, days without registrations included'),
    funnel: z
      .array(
        z.object({
          roundId: z.uuid(),
          roundName: z.string(),
          registered: z.number().int().describe('Everyone registered for the event'),
          submitted: z.number().int().describe('Applicants who submitted to this round'),
          selected: z.number().int().describe('Of those, selected or further'),
          confirmed: z.number().int().describe('Of those, confirmed or further'),
        }),
      )
      .describe('Per round, in round order'),
  })
  .meta({ id: 'DashboardCharts' })
export type DashboardCharts = z.infer<typeof dashboardCharts>

/**
 * GET /api/events (staff, Server-Sent Events): `event: change` with `data: {"topic": ...}` when
 * something of that kind changed anywhere (any instance), after the change committed.
 */
export const LIVE_TOPICS = ['applicants', 'submissions', 'activity', 'rounds'] as const
export type LiveTopic = (typeof LIVE_TOPICS)[number]
export const liveEvent = z.object({ topic: z.enum(LIVE_TOPICS) })
export type LiveEvent = z.infer<typeof liveEvent>

/**
 * Which queries each topic makes stale (query keys are the URL paths,
 * docs/product/api.md#how-the-web-app-calls).
 */
export const LIVE_TOPIC_QUERIES: Record<LiveTopic, readonly string[]> = {
  applicants: [
    '/api/applicants',
    '/api/stage-stats',
    '/api/rounds',
    '/api/dashboard-charts',
    '/api/jury-progress',
  ],
  submissions: [
    '/api/stage-stats',
    '/api/rounds',
    '/api/dashboard-charts',
    '/api/applicants',
    '/api/jury-progress',
  ],
  activity: ['/api/recent-activity'],
  rounds: ['/api/rounds', '/api/stage-stats', '/api/dashboard-charts', '/api/jury-progress'],
}
