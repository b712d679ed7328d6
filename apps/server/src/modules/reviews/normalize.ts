export type ScoredReview = { submissionId: string; jurorId: string; score: number }

export type RankedScore = {
  submissionId: string
  normalized: number
  raw: number
  reviews: number
  spread: number
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
/** Population standard deviation: the judge's own scores are the whole population. */
const sd = (xs: number[]) => {
  const m = mean(xs)
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)))
}

/**
 * Evens out lenient and harsh judges: each judge's scores become z-scores against that judge's
 * own mean and standard deviation, then return to the common scale with the round's overall mean
 * and standard deviation. A judge whose scores do not vary (or who scored once) contributes the
 * overall mean: a neutral score. Per submission: the mean normalized and raw scores, the number
 * of reviews, and the spread (highest minus lowest raw score).
 */
export function normalizeScores(reviews: readonly ScoredReview[]): RankedScore[] {
  if (reviews.length === 0) return []
  const all = reviews.map((r) => r.score)
  const globalMean = mean(all)
  const globalSd = sd(all)
  const byJudge = new Map<string, number[]>()
  for (const r of reviews) byJudge.set(r.jurorId, [...(byJudge.get(r.jurorId) ?? []), r.score])
  const stats = new Map(
    [...byJudge].map(([judge, scores]) => [judge, { mean: mean(scores), sd: sd(scores) }]),
  )
  const bySubmission = new Map<string, { normalized: number[]; raw: number[] }>()
  for (const r of reviews) {
    const judge = stats.get(r.jurorId)!
    const z = judge.sd > 1e-9 ? (r.score - judge.mean) / judge.sd : 0
    const entry = bySubmission.get(r.submissionId) ?? { normalized: [], raw: [] }
    entry.normalized.push(globalMean + z * globalSd)
    entry.raw.push(r.score)
    bySubmission.set(r.submissionId, entry)
  }
  return [...bySubmission].map(([submissionId, { normalized, raw }]) => ({
    submissionId,
    normalized: mean(normalized),
    raw: mean(raw),
    reviews: raw.length,
    spread: Math.max(...raw) - Math.min(...raw),
  }))
}

/** A review's weighted score on the common scale (each criterion first placed on it). */
export function weightedScore(
  scores: readonly { score: number; weight: number; scaleMin: number; scaleMax: number }[],
  common: { min: number; max: number },
): number {
  const totalWeight = scores.reduce((sum, s) => sum + s.weight, 0)
  const fraction =
    scores.reduce(
      (sum, s) => sum + s.weight * ((s.score - s.scaleMin) / (s.scaleMax - s.scaleMin)),
      0,
    ) / totalWeight
  return common.min + fraction * (common.max - common.min)
}

/** The rubric's common scale: the criteria's own when they share one, else 0 to 100. */
export function commonScale(criteria: readonly { scaleMin: number; scaleMax: number }[]) {
  const first = criteria[0]
  return first &&
    criteria.every((c) => c.scaleMin === first.scaleMin && c.scaleMax === first.scaleMax)
    ? { min: first.scaleMin, max: first.scaleMax }
    : { min: 0, max: 100 }
}
