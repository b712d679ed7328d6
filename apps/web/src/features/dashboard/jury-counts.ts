import type { ApplicantList } from '@hackathon/contract'

export interface JuryCounts {
  total: number
  pending: number
  reviewed: number
  /** How many applicants the pending and reviewed counts were taken from. */
  sampled: number
}

/**
 * SPEC.md section 9: Total Submissions is the server's total of submitted applicants; Pending
 * Review and Reviewed are counted among the first 50 of them (the page asked for), by whether
 * they have a review time.
 */
export function juryCounts(sample: ApplicantList): JuryCounts {
  const reviewed = sample.applicants.filter((applicant) => Boolean(applicant.reviewedAt)).length
  return {
    total: sample.total,
    pending: sample.applicants.length - reviewed,
    reviewed,
    sampled: sample.applicants.length,
  }
}
