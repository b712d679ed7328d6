import {
  APPLICANT_STORAGE,
  type Applicant,
  type ApplicantDashboard,
  type ApplicantRound,
  type ApplicantSubmission,
} from '@hackathon/contract'

export const TOKEN = 'session-token-abc'

/** The signed-in applicant as the server sends it. */
export function applicantFixture(overrides: Partial<Applicant> = {}): Applicant {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Asha Rao',
    email: 'asha@example.org',
    mobile: '9876543210',
    studentId: 'STU-1',
    course: 'Computer Science Engineering',
    yearOfGraduation: '2026',
    collegeName: 'City Engineering College',
    linkedinProfile: null,
    status: 'registered',
    registrationId: 'HS-ABCD-EFGH',
    githubUrl: null,
    currentStage: null,
    reviewedAt: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  }
}

export function roundFixture(n: number, overrides: Partial<ApplicantRound> = {}): ApplicantRound {
  return {
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    name: `Stage ${n}`,
    description: `What stage ${n} asks for`,
    status: 'active',
    startTime: '2026-03-01T04:30:00.000Z',
    endTime: '2026-03-15T18:30:00.000Z',
    position: n,
    requirements: [],
    prizes: [],
    locked: false,
    access: 'open',
    accessMessage: 'Open for submissions.',
    state: 'eligible',
    submission: null,
    ...overrides,
  }
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
  return {
    id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
    stageId: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    stageName: `Stage ${n}`,
    status: 'submitted',
    githubUrl: `https://github.com/asha/project-${n}`,
    documents: [],
    answers: [],
    createdAt: '2026-03-02T10:00:00.000Z',
    submittedAt: '2026-03-02T10:05:00.000Z',
    versions: [],
    repository: null,
    ...overrides,
  }
}

/** Signs the applicant in the way a successful code check does. */
export function storeSession(applicant: Applicant = applicantFixture(), token = TOKEN): void {
  localStorage.setItem(APPLICANT_STORAGE.token, token)
  localStorage.setItem(APPLICANT_STORAGE.applicant, JSON.stringify(applicant))
}
