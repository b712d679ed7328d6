import type { RoundWarning } from '@hackathon/contract'

/** The warnings about one round (docs/product/rounds.md#warnings); each says what to do. */
export function warningsOf(warnings: readonly RoundWarning[], roundId: string): RoundWarning[] {
  return warnings.filter((w) => w.roundId === roundId)
}
