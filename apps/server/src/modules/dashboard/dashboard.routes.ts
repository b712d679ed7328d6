import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { dashboardCharts, juryProgress, recentActivity, stageStats } from '@hackathon/contract'
import { requireRole, staffActor } from '../../plugins/auth.js'
import type { DashboardService } from './dashboard.service.js'

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  const tags = ['dashboard']
  const staff = requireRole('admin', 'jury')
  app.get(
    '/api/stage-stats',
    {
      schema: {
        tags,
        summary: 'Per round: submissions and selections',
        response: { 200: stageStats },
      },
      onRequest: staff,
    },
    () => dashboard.stageStats(),
  )
  app.get(
    '/api/jury-progress',
    {
      schema: {
        tags,
        summary:
          "The jury dashboard's cards: every submission, and the caller's assigned and scored ones",
        response: { 200: juryProgress },
      },
      onRequest: staff,
    },
    (request) => dashboard.juryProgress(staffActor(request).id),
  )
  app.get(
    '/api/recent-activity',
    {
      schema: {
        tags,
        summary: 'The latest registrations, submissions and selections, newest first',
        response: { 200: recentActivity },
      },
      onRequest: staff,
    },
    () => dashboard.recentActivity(),
  )
  app.get(
    '/api/dashboard-charts',
    {
      schema: {
        tags,
        summary: 'Registrations per day (30 UTC days) and the funnel of each round',
        response: { 200: dashboardCharts },
      },
      onRequest: staff,
    },
    () => dashboard.charts(),
  )
}
