import { SUBMISSION_MESSAGES } from '@hackathon/contract'
import { describe, expect, it } from 'vitest'

import { submitErrorNotice } from './submit-error'

const apiError = (status: number, message: string) =>
  new Error(`${status}: ${JSON.stringify({ message, code: 'ERROR' })}`)

describe('what a refused submission tells the applicant (docs/product/submissions.md)', () => {
  it('says they must be selected first when the server says so', () => {
    expect(submitErrorNotice(apiError(403, SUBMISSION_MESSAGES.mustBeSelected))).toEqual({
      title: 'Submission Not Allowed',
      description:
        'You are not eligible to submit for this stage. You must be selected for the hackathon first.',
      stageGone: false,
    })
  })

  it('gives the server’s words when it names the round to be selected in', () => {
    const message = SUBMISSION_MESSAGES.lockedBehind('Ideation')
    expect(submitErrorNotice(apiError(403, message)).description).toBe(message)
  })

  it.each([
    SUBMISSION_MESSAGES.expired,
    SUBMISSION_MESSAGES.closed,
    SUBMISSION_MESSAGES.notOpenYet,
    SUBMISSION_MESSAGES.decided,
  ])('gives the server’s reason for any other 403, never "at this time": %s', (message) => {
    expect(submitErrorNotice(apiError(403, message))).toEqual({
      title: 'Submission Not Allowed',
      description: message,
      stageGone: false,
    })
  })

  it('says "not at this time" only for a 403 that gives no reason', () => {
    expect(submitErrorNotice(new Error('403: Forbidden')).description).toBe(
      'You are not eligible to submit for this stage at this time.',
    )
  })

  it('reads "not eligible" in the words even without a 403', () => {
    expect(submitErrorNotice(new Error('You are not eligible yet')).title).toBe(
      'Submission Not Allowed',
    )
  })

  it('sends the applicant away when the stage is not found', () => {
    expect(submitErrorNotice(apiError(404, SUBMISSION_MESSAGES.notFound))).toEqual({
      title: 'Stage Not Found',
      description: 'The requested stage could not be found or is no longer available.',
      stageGone: true,
    })
  })

  it('keeps a 400 that says "not found" about a file on the page, as Submission Failed', () => {
    expect(submitErrorNotice(apiError(400, SUBMISSION_MESSAGES.answerFileMissing))).toEqual({
      title: 'Submission Failed',
      description: SUBMISSION_MESSAGES.answerFileMissing,
      stageGone: false,
    })
  })

  it('passes any other failure on with the server message, or a fallback without one', () => {
    expect(submitErrorNotice(apiError(400, SUBMISSION_MESSAGES.foreignDocuments))).toEqual({
      title: 'Submission Failed',
      description: SUBMISSION_MESSAGES.foreignDocuments,
      stageGone: false,
    })
    expect(submitErrorNotice(new TypeError('Failed to fetch')).description).toBe(
      'Your submission could not be sent. Please check your connection and try again.',
    )
  })
})
