/** What the jury's submissions list asks for; an empty round or search is left out of the request. */
export interface SubmissionFilters {
  roundId: string
  search: string
  page: number
  limit: number
}

/**
 * Query keys of the submissions feature. A key is also its GET path
 * (docs/product/api.md#how-the-web-app-calls). The applicant keys sit under '/api/applicant', the
 * prefix the applicant portal drops when a session starts or ends, and 'my-submissions' is the
 * portal's own key for the same call, so a submission made here shows on the applicant's
 * submissions page at once.
 */
export const stageSubmissionKeys = {
  all: ['/api/applicant'] as const,
  rounds: () => [...stageSubmissionKeys.all, 'rounds'] as const,
  documents: (stageId: string) => [...stageSubmissionKeys.all, 'documents', stageId] as const,
  mySubmissions: () => [...stageSubmissionKeys.all, 'my-submissions'] as const,
  dashboard: () => [...stageSubmissionKeys.all, 'dashboard'] as const,
}

/**
 * The staff side. '/api/rounds' is the rounds feature's key for the same call (spelled out: a
 * feature may not import another's key factory), so both share one cached list.
 */
export const staffSubmissionKeys = {
  all: ['/api/submissions'] as const,
  list: (filters: SubmissionFilters) => [...staffSubmissionKeys.all, filters] as const,
  rounds: () => ['/api/rounds'] as const,
}
