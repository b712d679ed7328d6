import type { LiveTopic } from '@hackathon/contract'

/**
 * What a bulk upload changes: a selection sheet, applicants (their statuses and stages) and the
 * activity feed; a stage-details sheet, the rounds' figures. The queries each makes stale on other
 * screens follow from these live topics (lib/stale-queries.ts).
 */
export const UPLOAD_TOPICS: readonly LiveTopic[] = ['applicants', 'activity', 'rounds']
