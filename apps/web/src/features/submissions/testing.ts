import {
  APPLICANT_STORAGE,
  type ApplicantRound,
  type ApplicantSubmission,
  type StaffSubmission,
  type StageDocument,
  type SubmissionAnswer,
} from '@hackathon/contract'

import { applicantRoundRecord, applicantSubmissionRecord } from '@/test/fixtures'

export const TOKEN = 'session-token-stage'

const HOUR_MS = 60 * 60 * 1000

/** A stage open to the applicant whose deadline is 2 days, 3 hours and a little more away. */
export function stageFixture(overrides: Partial<ApplicantRound> = {}): ApplicantRound {
  return applicantRoundRecord({
    id: '00000000-0000-4000-8000-000000000101',
    name: 'Prototype Submission',
    description: 'Build a working prototype of your idea.',
    startTime: new Date(Date.now() - 24 * HOUR_MS).toISOString(),
    endTime: new Date(Date.now() + (2 * 24 + 3) * HOUR_MS + 20 * 60_000).toISOString(),
    ...overrides,
  })
}

export function documentFixture(n: number, overrides: Partial<StageDocument> = {}): StageDocument {
  return {
    id: `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`,
    name: `Document ${n}`,
    description: `What document ${n} holds`,
    isRequired: true,
    fileType: null,
    fileUrl: null,
    kind: 'file',
    fileTypes: ['pdf', 'pptx'],
    maxSizeMb: 10,
    ...overrides,
  }
}

/** The answer to document `n` (documentFixture), by default a file. */
export function answerFixture(
  n: number,
  overrides: Partial<SubmissionAnswer> = {},
): SubmissionAnswer {
  const fileId = `00000000-0000-4000-8000-0000000006${String(n).padStart(2, '0')}`
  return {
    requirementId: documentFixture(n).id,
    description: `What document ${n} holds`,
    kind: 'file',
    current: true,
    file: {
      id: fileId,
      name: `document-${n}.pdf`,
      size: 1.5 * 1024 * 1024,
      url: `/api/applicant/answer-files/${fileId}`,
    },
    url: null,
    text: null,
    ...overrides,
  }
}

export function applicantSubmissionFixture(
  overrides: Partial<ApplicantSubmission> = {},
): ApplicantSubmission {
  return applicantSubmissionRecord({
    id: '00000000-0000-4000-8000-000000000201',
    stageId: stageFixture().id,
    stageName: 'Prototype Submission',
    githubUrl: 'https://github.com/asha/prototype',
    createdAt: '2026-03-02T10:00:00.000Z',
    submittedAt: '2026-03-04T10:05:00.000Z',
    ...overrides,
  })
}

export function staffSubmissionFixture(
  n: number,
  overrides: Partial<StaffSubmission> = {},
): StaffSubmission {
  return {
    id: `00000000-0000-4000-8000-0000000004${String(n).padStart(2, '0')}`,
    status: 'submitted',
    githubUrl: `https://github.com/team-${n}/project`,
    submittedAt: '2026-03-04T10:05:00.000Z',
    round: { id: '00000000-0000-4000-8000-000000000101', name: 'Prototype Submission' },
    applicant: {
      id: `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`,
      name: `Applicant ${n}`,
      registrationId: `HS-000${n}`,
      collegeName: 'City Engineering College',
      status: 'submitted',
    },
    documents: [],
    answers: [],
    versions: [],
    repository: null,
    myReview: { assigned: false, total: null, savedAt: null },
    ...overrides,
  }
}

/** Signs the applicant in the way a successful code check does (the token is what counts). */
export function signInApplicant(token = TOKEN): void {
  localStorage.setItem(APPLICANT_STORAGE.token, token)
}
