import { LIMITS } from '@hackathon/contract'

/**
 * The sample the jury's Pending Review and Reviewed counts are taken from (SPEC.md section 9):
 * the first 50 submitted applicants. Shaped like the applicants feature's list filters, since
 * it shares the '/api/applicants' prefix that every applicant change invalidates.
 */
export const SUBMITTED_SAMPLE = {
  search: '',
  status: 'submitted',
  page: 1,
  limit: LIMITS.juryCountSample,
} as const

/**
 * Query keys of the dashboards. A key is also its GET path (SPEC.md section 7), which is what
 * the live updates (lib/live-updates.ts) and other features' mutations invalidate: '/api/rounds'
 * and '/api/applicants' are the rounds and applicants features' keys for the same calls, spelled
 * out because a feature may not import another's key factory, so the caches are shared.
 */
export const dashboardKeys = {
  rounds: () => ['/api/rounds'] as const,
  stageStats: () => ['/api/stage-stats'] as const,
  recentActivity: () => ['/api/recent-activity'] as const,
  charts: () => ['/api/dashboard-charts'] as const,
  submittedSample: () => ['/api/applicants', SUBMITTED_SAMPLE] as const,
}
