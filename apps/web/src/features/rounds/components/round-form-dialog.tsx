import { ROUND_MESSAGES, type Round, type RoundInput } from '@hackathon/contract'
import { Plus } from 'lucide-react'
import { useState, type ComponentProps } from 'react'

import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { toast } from '@/components/ui/use-toast'

import { useCreateRound } from '../api/create-round'
import { useRounds } from '../api/get-rounds'
import { useUpdateRound } from '../api/update-round'
import { reportRoundFailure } from '../report-failure'
import { emptyRoundValues, valuesFromRound } from '../round-form-values'
import { RoundForm } from './round-form'

const CONTENT = 'max-w-2xl'

/**
 * The 'Add Round' button and its dialog; the form starts empty each time it opens, with the new
 * round last (docs/product/rounds.md#order).
 */
export function AddRoundDialog() {
  const [open, setOpen] = useState(false)
  const create = useCreateRound()
  const roundCount = useRounds().data?.rounds.length ?? null
  /** Why the last save failed: said in the dialog, where focus stays (issue 22). */
  const [failure, setFailure] = useState<string | null>(null)

  function submit(input: RoundInput) {
    if (create.isPending) return
    setFailure(null)
    create.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Success', description: ROUND_MESSAGES.added })
        setOpen(false)
      },
      onError: (err) => setFailure(reportRoundFailure(err, ROUND_MESSAGES.addFailed)),
    })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return
        setOpen(next)
        setFailure(null)
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Add Round
        </Button>
      </DialogTrigger>
      <DialogContent className={CONTENT}>
        <DialogHeader>
          <DialogTitle>Add Round</DialogTitle>
          <DialogDescription>
            A stage of the hackathon: its schedule, what to submit and what can be won.
          </DialogDescription>
        </DialogHeader>
        <RoundForm
          initial={() => emptyRoundValues(roundCount)}
          maxPosition={roundCount === null ? null : roundCount + 1}
          positionHint={
            roundCount === null
              ? '1 runs first; leave it empty to add the round after the last one.'
              : roundCount === 0
                ? 'The first round is stage 1.'
                : `1 runs first; ${roundCount + 1} puts it after the last round. The others keep their order.`
          }
          pending={create.isPending}
          failure={failure}
          onSubmit={submit}
        />
      </DialogContent>
    </Dialog>
  )
}

export interface EditRoundDialogProps {
  /** The round being edited; kept while the dialog closes so its text does not blank out. */
  round: Round | null
  open: boolean
  onClose: () => void
  onCloseAutoFocus: ComponentProps<typeof DialogContent>['onCloseAutoFocus']
}

/** Opened from a card's menu; the form starts from the round as saved, templates included. */
export function EditRoundDialog({ round, open, onClose, onCloseAutoFocus }: EditRoundDialogProps) {
  const update = useUpdateRound()
  // The round is one of them: it can move anywhere from 1 to the last stage.
  const roundCount = Math.max(useRounds().data?.rounds.length ?? 1, round?.position ?? 1)
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null)

  function submit(input: RoundInput) {
    if (!round || update.isPending) return
    const { id } = round
    setFailure(null)
    update.mutate(
      { id: round.id, input },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: ROUND_MESSAGES.updated })
          onClose()
        },
        onError: (err) => {
          const message = reportRoundFailure(err, ROUND_MESSAGES.updateFailed)
          setFailure(message === null ? null : { id, message })
        },
      },
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || update.isPending) return
        setFailure(null)
        onClose()
      }}
    >
      <DialogContent className={CONTENT} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Edit Round</DialogTitle>
          <DialogDescription>
            {round ? `Change the details of ${round.name}.` : 'Change the round’s details.'}
          </DialogDescription>
        </DialogHeader>
        {round && (
          // Keyed, so opening another round starts from that round's values.
          <RoundForm
            key={round.id}
            initial={() => valuesFromRound(round)}
            maxPosition={roundCount}
            positionHint={`1 runs first, ${roundCount} last. The other rounds keep their order.`}
            pending={update.isPending}
            failure={failure?.id === round.id ? failure.message : null}
            onSubmit={submit}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
