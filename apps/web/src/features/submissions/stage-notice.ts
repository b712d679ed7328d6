import {
  PIPELINE_STATE_LABELS,
  SUBMISSION_MESSAGES,
  type ApplicantRound,
} from '@hackathon/contract'

import { formatDateTime } from '@/lib/date-time'
import type { StageAvailability } from '@/lib/stage-availability'

export interface StageNotice {
  title: string
  text: string
  /** A second line: the applicant's result in a decided stage. */
  detail?: string
}

/**
 * Why the stage page's form is closed, in the server's words where it gave them
 * (docs/product/pipeline.md#access). 'Stage Expired' and 'Stage Inactive' keep their contractual texts.
 */
export function stageNotice(
  stage: ApplicantRound,
  availability: Exclude<StageAvailability, 'open'>,
): StageNotice {
  switch (availability) {
    case 'expired':
      return { title: 'Stage Expired', text: SUBMISSION_MESSAGES.expired }
    case 'closed':
      return { title: 'Stage Closed', text: stage.accessMessage || SUBMISSION_MESSAGES.closed }
    case 'inactive':
      return { title: 'Stage Inactive', text: SUBMISSION_MESSAGES.inactive }
    case 'not_open_yet':
      return {
        title: 'Not open yet',
        text: stage.startTime
          ? `Opens on ${formatDateTime(stage.startTime)}.`
          : stage.accessMessage || SUBMISSION_MESSAGES.inactive,
      }
    case 'locked':
      return {
        title: 'Stage Locked',
        text: stage.accessMessage || SUBMISSION_MESSAGES.mustBeSelected,
      }
    case 'decided':
      return {
        title: 'The Jury Has Decided',
        text: stage.accessMessage || SUBMISSION_MESSAGES.decided,
        detail:
          stage.state && stage.state !== 'eligible' && stage.state !== 'submitted'
            ? `Your result in this stage: ${PIPELINE_STATE_LABELS[stage.state]}.`
            : undefined,
      }
  }
}
