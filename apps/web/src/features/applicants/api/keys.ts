import type { ApplicantStatus } from '@hackathon/contract'

/** What the applicant table asks for; 'all' and an empty search are left out of the request. */
export interface ApplicantFilters {
  search: string
  status: ApplicantStatus | 'all'
  page: number
  limit: number
}

/**
 * Query keys of the applicants feature. The first part is the GET path (SPEC.md section 7);
 * every applicant mutation invalidates `all`, which prefixes every applicant list.
 */
export const applicantKeys = {
  all: ['/api/applicants'] as const,
  list: (filters: ApplicantFilters) => [...applicantKeys.all, filters] as const,
}

/**
 * Dashboard data that counts applicants. The dashboards own these calls; the keys are spelled
 * here as their GET paths because a feature may not import another feature's key factory.
 */
export const applicantCountKeys = [['/api/stage-stats'], ['/api/recent-activity']] as const
