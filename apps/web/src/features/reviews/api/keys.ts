/**
 * Query keys of the reviews feature. A key is also its GET path
 * (docs/product/api.md#how-the-web-app-calls). A round's rubric, assignments and ranking sit under
 * '/api/rounds', so every round change refreshes them; a jury member's review sits under
 * '/api/submissions', the jury list's prefix. Both prefixes are spelled out: a feature may not
 * import another's key factory.
 */
export const reviewKeys = {
  rounds: () => ['/api/rounds'] as const,
  /** Every list of the jury's submissions (features/submissions), refreshed by a review. */
  submissionLists: () => ['/api/submissions'] as const,
  myReview: (submissionId: string) => ['/api/submissions', submissionId, 'review'] as const,
  rubric: (roundId: string) => ['/api/rounds', roundId, 'rubric'] as const,
  assignments: (roundId: string) => ['/api/rounds', roundId, 'assignments'] as const,
  ranking: (roundId: string) => ['/api/rounds', roundId, 'ranking'] as const,
}

export const roundPath = (roundId: string) => `/api/rounds/${encodeURIComponent(roundId)}`
export const submissionPath = (submissionId: string) =>
  `/api/submissions/${encodeURIComponent(submissionId)}`
