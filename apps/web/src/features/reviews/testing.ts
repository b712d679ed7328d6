import {
  DEFAULT_CRITERIA,
  RANKING_METHOD,
  type AssignmentOverview,
  type Criterion,
  type MyReview,
  type Ranking,
  type RankingEntry,
  type Rubric,
} from '@hackathon/contract'

const uuid = (prefix: string, n: number) =>
  `00000000-0000-4000-${prefix}-${String(n).padStart(12, '0')}`

export const ROUND_ID = uuid('8000', 1)

/** The default rubric's four criteria (the Review Guidelines card's), 1 to 10, equal weights. */
export function criteriaFixture(): Criterion[] {
  return DEFAULT_CRITERIA.map((name, i) => ({
    // A valid RFC 4122 id (variant a), as the contract's reviewRequest checks.
    id: uuid('a000', i + 1),
    name,
    weight: 1,
    scaleMin: 1,
    scaleMax: 10,
  }))
}

export function rubricFixture(overrides: Partial<Rubric> = {}): Rubric {
  return {
    roundId: ROUND_ID,
    criteria: criteriaFixture(),
    locked: false,
    reviewClosesAt: null,
    ...overrides,
  }
}

/** A review nobody has saved yet: open, no scores, no history. */
export function myReviewFixture(submissionId: string, overrides: Partial<MyReview> = {}): MyReview {
  return {
    submissionId,
    rubric: rubricFixture(),
    scores: [],
    comment: '',
    total: null,
    savedAt: null,
    conflict: false,
    editable: true,
    history: [],
    ...overrides,
  }
}

/** Scores for the four default criteria, in their order. */
export function scoresFixture(values: readonly number[], comments: readonly string[] = []) {
  return criteriaFixture().map((c, i) => ({
    criterionId: c.id,
    score: values[i] ?? 5,
    comment: comments[i] ?? '',
  }))
}

export function assignmentOverviewFixture(
  overrides: Partial<AssignmentOverview> = {},
): AssignmentOverview {
  return {
    roundId: ROUND_ID,
    reviewsPerSubmission: 3,
    submissions: 0,
    underAssigned: 0,
    underReviewed: 0,
    judges: [],
    ...overrides,
  }
}

export function rankingEntryFixture(
  n: number,
  overrides: Partial<RankingEntry> = {},
): RankingEntry {
  return {
    rank: n,
    submissionId: uuid('4000', n),
    applicant: {
      id: uuid('5000', n),
      name: `Applicant ${n}`,
      registrationId: `HS-000${n}`,
      collegeName: 'City Engineering College',
      status: 'submitted',
    },
    roundState: 'submitted',
    normalizedScore: 7,
    rawScore: 7,
    reviews: 3,
    spread: 1,
    ...overrides,
  }
}

export function rankingFixture(entries: RankingEntry[] = [], overrides: Partial<Ranking> = {}) {
  return {
    roundId: ROUND_ID,
    scale: { min: 1, max: 10 },
    entries,
    method: RANKING_METHOD,
    ...overrides,
  } satisfies Ranking
}
