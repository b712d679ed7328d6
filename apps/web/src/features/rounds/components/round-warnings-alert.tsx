import type { Round, RoundWarning } from '@hackathon/contract'
import { TriangleAlert } from 'lucide-react'
import { useId } from 'react'

import { Button } from '@/components/ui/button'

import { warningsOf } from '../round-warnings'

/** Amber, with text that passes AA on it (amber-950 on amber-50 is 15:1). */
export const WARNING_BOX = 'rounded-lg border border-amber-300 bg-amber-50 text-amber-950'

/**
 * What the server found wrong with the rounds' order and clocks (docs/product/rounds.md#warnings),
 * above the cards: per round, in stage order, each warning names the round and says what to do,
 * with one button that opens the round's form. An alert, so it is read out when the rounds load
 * or a change causes one.
 */
export function RoundWarningsAlert({
  warnings,
  rounds,
  onEdit,
}: {
  warnings: readonly RoundWarning[]
  rounds: readonly Round[]
  onEdit: (round: Round, trigger: HTMLElement | null) => void
}) {
  const titleId = useId()
  const concerned = rounds
    .map((round) => ({ round, warnings: warningsOf(warnings, round.id) }))
    .filter((group) => group.warnings.length > 0)
  return (
    <div role="alert" aria-labelledby={titleId} className={`${WARNING_BOX} grid gap-3 p-4`}>
      <h2 id={titleId} className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        {concerned.length === 1 ? 'Check this round' : `Check these rounds (${concerned.length})`}
      </h2>
      <ul className="grid gap-4 text-sm">
        {concerned.map(({ round, warnings: own }) => (
          <li
            key={round.id}
            className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="grid min-w-0 gap-1">
              {own.map((warning, index) => (
                <p key={`${warning.code}-${index}`} className="break-words">
                  {warning.message}
                </p>
              ))}
            </div>
            <Button
              variant="outline"
              size="sm"
              // Wraps rather than widen the page when the round's name is long.
              className="h-auto min-h-9 shrink-0 self-start bg-background py-1.5 text-left whitespace-normal"
              onClick={(event) => onEdit(round, event.currentTarget)}
            >
              Edit {round.name}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
