import type { Round } from '@hackathon/contract'
import { Trophy } from 'lucide-react'
import { useRef } from 'react'

import { QueryState } from '@/components/query-state'
import { useTargetDialog } from '@/lib/use-target-dialog'

import { useRounds } from '../api/get-rounds'
import { warningsOf } from '../round-warnings'
import { DeleteRoundDialog } from './delete-round-dialog'
import { RoundCard } from './round-card'
import { EditRoundDialog } from './round-form-dialog'
import { RoundWarningsAlert } from './round-warnings-alert'

/**
 * Every round as a card in stage order, one column on a phone; each card's menu edits or deletes
 * it. The server's warnings about the rounds come first, and again on the card they are about.
 */
export function RoundGrid() {
  const rounds = useRounds()
  // Where focus goes when a dialog closes and its card is gone.
  const fallbackRef = useRef<HTMLDivElement>(null)
  const edit = useTargetDialog<Round>(fallbackRef)
  const remove = useTargetDialog<Round>(fallbackRef)

  return (
    <div ref={fallbackRef} tabIndex={-1} className="focus:outline-none">
      <QueryState
        query={rounds}
        loadingLabel="Loading competition rounds…"
        errorText="The competition rounds could not be loaded."
        loadingClassName="py-16"
        errorClassName="py-4"
      >
        {({ rounds: list, warnings }) =>
          list.length === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center">
              <Trophy aria-hidden="true" className="size-10 text-muted-foreground" />
              <h2 className="text-lg font-semibold">No Competition Rounds</h2>
              <p className="max-w-sm text-sm text-muted-foreground">
                Use Add Round to create the first stage of the hackathon.
              </p>
            </div>
          ) : (
            <div className="grid gap-6">
              {warnings.length > 0 && (
                <RoundWarningsAlert warnings={warnings} rounds={list} onEdit={edit.show} />
              )}
              <ul
                className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3"
                aria-label="Competition rounds"
              >
                {list.map((round) => (
                  <li key={round.id} className="min-w-0">
                    <RoundCard
                      round={round}
                      warnings={warningsOf(warnings, round.id)}
                      onEdit={edit.show}
                      onDelete={remove.show}
                    />
                  </li>
                ))}
              </ul>
            </div>
          )
        }
      </QueryState>
      <EditRoundDialog
        round={edit.target}
        open={edit.open}
        onClose={edit.close}
        onCloseAutoFocus={edit.onCloseAutoFocus}
      />
      <DeleteRoundDialog
        round={remove.target}
        open={remove.open}
        onClose={remove.close}
        onCloseAutoFocus={remove.onCloseAutoFocus}
      />
    </div>
  )
}
