import type { ApplicantStatus } from '@hackathon/contract'

/** What the applicant table asks for; 'all' and an empty search are left out of the request. */
export interface ApplicantFilters {
  search: string
  status: ApplicantStatus | 'all'
  page: number
  limit: number
}

/**
 * Query keys of the applicants feature. The first part is the GET path
 * (docs/product/api.md#how-the-web-app-calls); every applicant mutation invalidates `all`, which
 * prefixes every applicant list and every applicant's pipeline. '/api/rounds' is the rounds
 * feature's key for the same call (spelled out: a feature may not import another's key factory), so
 * both share one cached list.
 */
export const applicantKeys = {
  all: ['/api/applicants'] as const,
  list: (filters: ApplicantFilters) => [...applicantKeys.all, filters] as const,
  detail: (id: string) => [...applicantKeys.all, id] as const,
  pipeline: (id: string) => [...applicantKeys.all, id, 'pipeline'] as const,
  rounds: () => ['/api/rounds'] as const,
}
