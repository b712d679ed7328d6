import { apiErrorStatus, errorMessage } from '@/lib/error-message'

export interface SubmitErrorNotice {
  title: string
  description: string
  /** The stage is gone: the applicant is sent back to the dashboard. */
  stageGone: boolean
}

export const SUBMIT_ERROR_TEXTS = {
  notAllowedTitle: 'Submission Not Allowed',
  mustBeSelected:
    'You are not eligible to submit for this stage. You must be selected for the hackathon first.',
  notAllowedNow: 'You are not eligible to submit for this stage at this time.',
  notFoundTitle: 'Stage Not Found',
  notFound: 'The requested stage could not be found or is no longer available.',
  failedTitle: 'Submission Failed',
  failed: 'Your submission could not be sent. Please check your connection and try again.',
} as const

/**
 * The three submission refusals of docs/product/texts.md#notices, in their order. The error text is
 * `STATUS: body`, so "containing 403" is the status; the words are matched too, for a server
 * that refuses with another status but says why.
 *
 * A refusal says the server's own reason: closed, not open yet, decided
 * (docs/product/pipeline.md#access). The contractual sentences stay where they are true: 'must be
 * selected for the hackathon first' for the server's "must be selected" unless it names the round
 * to be selected in, which says more; 'at this time' only when the server gave no reason.
 */
export function submitErrorNotice(err: unknown): SubmitErrorNotice {
  const status = apiErrorStatus(err)
  const text = err instanceof Error ? err.message.toLowerCase() : ''
  if (status === 403 || text.includes('not eligible')) {
    const reason = errorMessage(err, '')
    const namesRound = /must be selected in /i.test(reason)
    return {
      title: SUBMIT_ERROR_TEXTS.notAllowedTitle,
      description:
        text.includes('must be selected') && !namesRound
          ? SUBMIT_ERROR_TEXTS.mustBeSelected
          : reason || SUBMIT_ERROR_TEXTS.notAllowedNow,
      stageGone: false,
    }
  }
  // A 400 is about what was sent (e.g. "An uploaded file was not found"), never a missing stage.
  if (status === 404 || (status !== 400 && text.includes('not found'))) {
    return {
      title: SUBMIT_ERROR_TEXTS.notFoundTitle,
      description: SUBMIT_ERROR_TEXTS.notFound,
      stageGone: true,
    }
  }
  return {
    title: SUBMIT_ERROR_TEXTS.failedTitle,
    description: errorMessage(err, SUBMIT_ERROR_TEXTS.failed),
    stageGone: false,
  }
}
