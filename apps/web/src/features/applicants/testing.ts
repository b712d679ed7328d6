import type { Applicant, ApplicantList, Round } from '@hackathon/contract'

/** An applicant as it arrives over JSON; `n` makes the id, name and registration ID unique. */
export function applicantFixture(n: number, overrides: Partial<Applicant> = {}): Applicant {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Applicant ${n}`,
    email: `applicant${n}@example.org`,
    mobile: `98765${String(n).padStart(5, '0')}`,
    studentId: `STU-${n}`,
    course: 'Computer Science Engineering',
    yearOfGraduation: '2026',
    collegeName: 'City Engineering College',
    linkedinProfile: null,
    status: 'registered',
    registrationId: `HACK-2026-${String(n).padStart(4, '0')}`,
    githubUrl: null,
    currentStage: null,
    reviewedAt: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  }
}

/** One page of a list the server pages by 10. */
export function applicantPage(
  applicants: readonly Applicant[],
  total = applicants.length,
  limit = 10,
): ApplicantList {
  return { applicants: [...applicants], total, totalPages: Math.ceil(total / limit) }
}

/** A round as GET /api/rounds sends it, with only what the decision form reads set. */
export function pipelineRoundFixture(n: number, overrides: Partial<Round> = {}): Round {
  return {
    id: `00000000-0000-4000-8100-${String(n).padStart(12, '0')}`,
    name: `Round ${n}`,
    description: '',
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
