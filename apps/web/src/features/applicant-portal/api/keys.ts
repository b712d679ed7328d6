/**
 * Query keys of the applicant portal. A key is also its GET path
 * (docs/product/api.md#how-the-web-app-calls); `all` prefixes every applicant query, so a new or
 * ended session can drop the previous one's data.
 */
export const applicantPortalKeys = {
  all: ['/api/applicant'] as const,
  dashboard: () => [...applicantPortalKeys.all, 'dashboard'] as const,
  submissions: () => [...applicantPortalKeys.all, 'my-submissions'] as const,
  rounds: () => [...applicantPortalKeys.all, 'rounds'] as const,
}
