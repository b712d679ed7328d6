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
import { useUpdateRound } from '../api/update-round'
import { reportRoundFailure } from '../report-failure'
import { emptyRoundValues, valuesFromRound } from '../round-form-values'
import { RoundForm } from './round-form'

const CONTENT = 'max-w-2xl'

/** The 'Add Round' button and its dialog; the form starts empty each time it opens. */
export function AddRoundDialog() {
  const [open, setOpen] = useState(false)
  const create = useCreateRound()

  function submit(input: RoundInput) {
    if (create.isPending) return
    create.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Success', description: ROUND_MESSAGES.added })
        setOpen(false)
      },
      onError: (err) => reportRoundFailure(err, ROUND_MESSAGES.addFailed),
    })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => create.isPending || setOpen(next)}>
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
        <RoundForm initial={emptyRoundValues} pending={create.isPending} onSubmit={submit} />
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

  function submit(input: RoundInput) {
    if (!round || update.isPending) return
    update.mutate(
      { id: round.id, input },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: ROUND_MESSAGES.updated })
          onClose()
        },
        onError: (err) => reportRoundFailure(err, ROUND_MESSAGES.updateFailed),
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={(next) => next || update.isPending || onClose()}>
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
            pending={update.isPending}
            onSubmit={submit}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
