import type { RoundWarning } from '@hackathon/contract'

type Clocked = {
  id: string
  name: string
  status: string
  startTime: Date | null
  endTime: Date | null
}

const at = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * What the rounds page warns an organizer about (docs/product/rounds.md#warnings), for rounds in
 * stage order at the server's `now`: a round still active after its end time (it locks nobody
 * out, but it looks open), two rounds open at once, and a round that starts before the one before
 * it ends or starts.
 */
export function roundWarnings(rounds: readonly Clocked[], now: Date): RoundWarning[] {
  const warnings: RoundWarning[] = []
  for (const r of rounds) {
    if (r.status === 'active' && r.endTime && r.endTime <= now)
      warnings.push({
        roundId: r.id,
        code: 'ACTIVE_PAST_END',
        message: `${r.name} is still active, but it ended on ${at(r.endTime)}. Set it to completed, or move its end time.`,
      })
  }
  const open = rounds.filter(
    (r) =>
      r.status === 'active' &&
      (!r.startTime || r.startTime <= now) &&
      (!r.endTime || r.endTime > now),
  )
  for (const r of open.slice(1))
    warnings.push({
      roundId: r.id,
      code: 'SEVERAL_OPEN',
      message: `${r.name} and ${open[0]!.name} are open at the same time. Set one to upcoming or completed, or change its dates.`,
    })
  rounds.forEach((r, i) => {
    const before = rounds[i - 1]
    if (!before || !r.startTime) return
    const overlaps =
      (before.endTime && r.startTime < before.endTime) ||
      (before.startTime && r.startTime < before.startTime)
    if (overlaps)
      warnings.push({
        roundId: r.id,
        code: 'DATES_OUT_OF_ORDER',
        message: `${r.name} (stage ${i + 1}) starts before ${before.name} (stage ${i}) ${before.endTime && r.startTime < before.endTime ? 'ends' : 'starts'}. Move its start time or its stage number.`,
      })
  })
  return warnings
}
