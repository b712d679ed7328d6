/**
 * Query keys of the dashboards. A key is also its GET path
 * (docs/product/api.md#how-the-web-app-calls), which is what the live updates (lib/live-updates.ts)
 * and other features' mutations invalidate: '/api/rounds' and '/api/applicants' are the rounds and
 * applicants features' keys for the same calls, spelled out because a feature may not import
 * another's key factory, so the caches are shared.
 */
export const dashboardKeys = {
  rounds: () => ['/api/rounds'] as const,
  stageStats: () => ['/api/stage-stats'] as const,
  recentActivity: () => ['/api/recent-activity'] as const,
  charts: () => ['/api/dashboard-charts'] as const,
  juryProgress: () => ['/api/jury-progress'] as const,
}
