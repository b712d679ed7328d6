import {
  APPLICANT_STORAGE,
  type Applicant,
  type ApplicantDashboard,
  type ApplicantRound,
  type ApplicantSubmission,
} from '@hackathon/contract'

import { applicantRecord, applicantRoundRecord, applicantSubmissionRecord } from '@/test/fixtures'

export const TOKEN = 'session-token-abc'

/** The signed-in applicant as the server sends it. */
export function applicantFixture(overrides: Partial<Applicant> = {}): Applicant {
  return applicantRecord(overrides)
}

export function roundFixture(n: number, overrides: Partial<ApplicantRound> = {}): ApplicantRound {
  return applicantRoundRecord({
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    name: `Stage ${n}`,
    description: `What stage ${n} asks for`,
    startTime: '2026-03-01T04:30:00.000Z',
    endTime: '2026-03-15T18:30:00.000Z',
    position: n,
    ...overrides,
  })
}

export function dashboardFixture(overrides: Partial<ApplicantDashboard> = {}): ApplicantDashboard {
  return {
    applicant: applicantFixture(),
    currentStatus: 'registered',
    requiresConfirmation: false,
    activeRounds: [],
    progress: [],
    rounds: [],
    history: [],
    ...overrides,
  }
}

export function submissionFixture(
  n: number,
  overrides: Partial<ApplicantSubmission> = {},
): ApplicantSubmission {
  return applicantSubmissionRecord({
    id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
    stageId: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    stageName: `Stage ${n}`,
    githubUrl: `https://github.com/asha/project-${n}`,
    createdAt: '2026-03-02T10:00:00.000Z',
    submittedAt: '2026-03-02T10:05:00.000Z',
    ...overrides,
  })
}

/** Signs the applicant in the way a successful code check does. */
export function storeSession(applicant: Applicant = applicantFixture(), token = TOKEN): void {
  localStorage.setItem(APPLICANT_STORAGE.token, token)
  localStorage.setItem(APPLICANT_STORAGE.applicant, JSON.stringify(applicant))
}
