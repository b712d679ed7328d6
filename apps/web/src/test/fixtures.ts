import type { Applicant, ApplicantRound, ApplicantSubmission, Round } from '@hackathon/contract'

/** A fixture's id: `prefix` keeps one kind of record apart from another, `n` one record. */
export const fixtureId = (prefix: string, n: number) =>
  `00000000-0000-4000-${prefix}-${String(n).padStart(12, '0')}`

/** An applicant as the server sends it: Asha Rao, registered, unless `overrides` say otherwise. */
export function applicantRecord(overrides: Partial<Applicant> = {}): Applicant {
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

/**
 * A round as GET /api/rounds sends it: active, with no times, requirements or prizes and every
 * figure zero or unknown; `n` makes its id, name and stage.
 */
export function roundRecord(n: number, overrides: Partial<Round> = {}): Round {
  return {
    id: fixtureId('8000', n),
    name: `Round ${n}`,
    description: `What happens in round ${n}.`,
    status: 'active',
    startTime: null,
    endTime: null,
    maxParticipants: null,
    position: n,
    requirements: [],
    prizes: [],
    currentParticipants: 0,
    totalColleges: 0,
    submissionCount: 0,
    totalInvitees: null,
    ideasSubmitted: null,
    prototypesApproved: null,
    projectsApproved: null,
    solutionsToBeBuilt: null,
    ...overrides,
  }
}

/** A round as the applicant's dashboard sends it: active, open to them, nothing submitted. */
export function applicantRoundRecord(
  overrides: Pick<ApplicantRound, 'id' | 'name' | 'description' | 'startTime' | 'endTime'> &
    Partial<ApplicantRound>,
): ApplicantRound {
  return {
    status: 'active',
    position: 1,
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

/** An applicant's submission, submitted, with no documents, answers, versions or repository. */
export function applicantSubmissionRecord(
  overrides: Pick<
    ApplicantSubmission,
    'id' | 'stageId' | 'stageName' | 'githubUrl' | 'createdAt' | 'submittedAt'
  > &
    Partial<ApplicantSubmission>,
): ApplicantSubmission {
  return {
    status: 'submitted',
    documents: [],
    answers: [],
    versions: [],
    repository: null,
    ...overrides,
  }
}
