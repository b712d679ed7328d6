import type { Applicant, ApplicantList, Round } from '@hackathon/contract'

import { applicantRecord, fixtureId, roundRecord } from '@/test/fixtures'

/** An applicant as it arrives over JSON; `n` makes the id, name and registration ID unique. */
export function applicantFixture(n: number, overrides: Partial<Applicant> = {}): Applicant {
  return applicantRecord({
    id: fixtureId('8000', n),
    name: `Applicant ${n}`,
    email: `applicant${n}@example.org`,
    mobile: `98765${String(n).padStart(5, '0')}`,
    studentId: `STU-${n}`,
    registrationId: `HACK-2026-${String(n).padStart(4, '0')}`,
    ...overrides,
  })
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
  return roundRecord(n, { id: fixtureId('8100', n), description: '', ...overrides })
}
