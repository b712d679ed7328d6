import { SUBMISSION_MESSAGES } from '@hackathon/contract'
import { describe, expect, it } from 'vitest'

import { submitErrorNotice } from './submit-error'

const apiError = (status: number, message: string) =>
  new Error(`${status}: ${JSON.stringify({ message, code: 'ERROR' })}`)

describe('what a refused submission tells the applicant (SPEC.md section 8)', () => {
  it('says they must be selected first when the server says so', () => {
    expect(submitErrorNotice(apiError(403, SUBMISSION_MESSAGES.mustBeSelected))).toEqual({
      title: 'Submission Not Allowed',
      description:
        'You are not eligible to submit for this stage. You must be selected for the hackathon first.',
      stageGone: false,
    })
  })

  it.each([SUBMISSION_MESSAGES.expired, SUBMISSION_MESSAGES.inactive])(
    'says "not at this time" for any other 403: %s',
    (message) => {
      expect(submitErrorNotice(apiError(403, message))).toEqual({
        title: 'Submission Not Allowed',
        description: 'You are not eligible to submit for this stage at this time.',
        stageGone: false,
      })
    },
  )

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
