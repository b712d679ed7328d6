import type { Criterion } from '@hackathon/contract'

type Scale = { min: number; max: number }
type CriterionScale = Pick<Criterion, 'scaleMin' | 'scaleMax'>

/** The one scale every criterion uses, or null when they differ (then totals are the server's alone). */
export function sharedScale(criteria: readonly CriterionScale[]): Scale | null {
  const [first, ...rest] = criteria
  if (!first) return null
  const same = rest.every((c) => c.scaleMin === first.scaleMin && c.scaleMax === first.scaleMax)
  return same ? { min: first.scaleMin, max: first.scaleMax } : null
}

/**
 * The weighted mean of the scores, when every criterion is scored and all share one scale: then
 * no criterion needs placing on a common scale first, and this is the total the server computes
 * (RANKING_METHOD in the contract). Null otherwise.
 */
export function weightedTotal(
  criteria: readonly Pick<Criterion, 'id' | 'weight' | 'scaleMin' | 'scaleMax'>[],
  scores: ReadonlyMap<string, number>,
): number | null {
  if (!sharedScale(criteria)) return null
  let sum = 0
  let weights = 0
  for (const criterion of criteria) {
    const score = scores.get(criterion.id)
    if (score === undefined) return null
    sum += criterion.weight * score
    weights += criterion.weight
  }
  return weights > 0 ? sum / weights : null
}

/** Each criterion's share of the total, e.g. 0.25 for one of four equal weights. */
export function weightShare(
  criteria: readonly Pick<Criterion, 'weight'>[],
  weight: number,
): number {
  const total = criteria.reduce((sum, c) => sum + c.weight, 0)
  return total > 0 ? weight / total : 0
}

const fixed2 = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
const upTo2 = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 })
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 })

/** Scores people compare side by side, always with 2 decimals: '7.50'. */
export function formatScore(value: number): string {
  return fixed2.format(value)
}

/** A single score to read: '7.5', '8', '7.25'. */
export function formatTotal(value: number): string {
  return upTo2.format(value)
}

export function formatPercent(share: number): string {
  return percent.format(share)
}

/** Where `value` sits on the scale, from 0 to 1, for drawing a bar. */
export function positionOnScale(value: number, scale: Scale): number {
  const span = scale.max - scale.min
  if (span <= 0) return 0
  return Math.min(1, Math.max(0, (value - scale.min) / span))
}
