import {
  DECIDED_PIPELINE_STATES,
  STAGE_REFUSAL_CODES,
  SUBMISSION_MESSAGES,
  isRoundTheirs,
  type PipelineState,
  type StageAccess,
} from '@hackathon/contract'
import type { StoredState } from './pipeline.repo.js'

/** What decides whether a round is open to one applicant (docs/product/pipeline.md#access). */
export interface AccessFacts {
  status: 'upcoming' | 'active' | 'completed'
  /** By the server's clock: the start time is still to come, the end time has passed. */
  notStarted: boolean
  expired: boolean
  /** The first round in stage order: open to every registered applicant. */
  isFirst: boolean
  previousName: string | null
  previousState: StoredState | null
  /** The applicant's record in this round. */
  state: StoredState | null
  /** The applicant has a record in a later round. */
  laterRecord: boolean
}

export interface Access {
  access: StageAccess
  message: string
  /** The error code a refused submission carries. */
  code?: string
  /** Where the applicant stands here: null when the round is not (yet) theirs. */
  state: PipelineState | null
}

const DECIDED: ReadonlySet<StoredState> = new Set(DECIDED_PIPELINE_STATES)

/**
 * The one rule for "may this applicant submit to this round now", used by the submission itself
 * (with the database's clock, under locks) and by the applicant's rounds and dashboard. The
 * round's clock speaks first (closed, not open yet), then the applicant's place: a decision made
 * here or a record in a later round closes it to them; a round after the first is open only to
 * those advanced from the round before it.
 */
export function accessOf(f: AccessFacts): Access {
  const theirs = isRoundTheirs(f)
  const state: PipelineState | null = f.state ?? (theirs ? 'eligible' : null)
  if (f.expired)
    return {
      access: 'closed',
      message: SUBMISSION_MESSAGES.expired,
      code: STAGE_REFUSAL_CODES.expired,
      state,
    }
  if (f.status === 'completed')
    return {
      access: 'closed',
      message: SUBMISSION_MESSAGES.closed,
      code: STAGE_REFUSAL_CODES.closed,
      state,
    }
  if ((f.state && DECIDED.has(f.state)) || f.laterRecord)
    return {
      access: 'decided',
      message: SUBMISSION_MESSAGES.decided,
      code: STAGE_REFUSAL_CODES.decided,
      state,
    }
  if (!theirs)
    return {
      access: 'locked',
      message: f.previousName
        ? SUBMISSION_MESSAGES.lockedBehind(f.previousName)
        : SUBMISSION_MESSAGES.mustBeSelected,
      code: STAGE_REFUSAL_CODES.locked,
      state,
    }
  if (f.status !== 'active' || f.notStarted)
    return {
      access: 'not_open_yet',
      message: SUBMISSION_MESSAGES.notOpenYet,
      code: STAGE_REFUSAL_CODES.not_open_yet,
      state,
    }
  return { access: 'open', message: 'Open for submissions.', state }
}
