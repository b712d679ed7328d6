import { ROUND_MESSAGES, type Round } from '@hackathon/contract'
import { useRef, useState, type ComponentProps } from 'react'

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { apiErrorCode } from '@/lib/api-error-code'
import { apiErrorStatus, errorMessage } from '@/lib/error-message'

import { HAS_SUBMISSIONS, useDeleteRound } from '../api/delete-round'
import { reportRoundFailure } from '../report-failure'

export interface DeleteRoundDialogProps {
  /** Kept while the dialog closes, so its question does not blank out. */
  round: Round | null
  open: boolean
  onClose: () => void
  onCloseAutoFocus: ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus']
}

/**
 * Asks before deleting a round. When the server refuses because the round has submissions
 * (409 HAS_SUBMISSIONS), a second question names how many, and only a yes to that deletes the
 * round with them (docs/decisions/009). It is a dialog of its own, so it is announced afresh.
 */
export function DeleteRoundDialog({
  round,
  open,
  onClose,
  onCloseAutoFocus,
}: DeleteRoundDialogProps) {
  const remove = useDeleteRound()
  /** The server's sentence about the submissions; set, it means the second question is asked. */
  const [submissionsMessage, setSubmissionsMessage] = useState<string | null>(null)
  /** Read when the first dialog closes: focus then goes into the second, not back to the card. */
  const askingAgain = useRef(false)

  function close() {
    askingAgain.current = false
    setSubmissionsMessage(null)
    onClose()
  }

  function confirm(force: boolean) {
    if (!round || remove.isPending) return
    remove.mutate(
      { id: round.id, force },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: ROUND_MESSAGES.deleted })
          close()
        },
        onError: (err) => {
          if (!force && apiErrorStatus(err) === 409 && apiErrorCode(err) === HAS_SUBMISSIONS) {
            askingAgain.current = true
            setSubmissionsMessage(
              errorMessage(
                err,
                `This round has ${round.submissionCount} submissions. Deleting it deletes them too.`,
              ),
            )
            return
          }
          reportRoundFailure(err, ROUND_MESSAGES.deleteFailed)
          close()
        },
      },
    )
  }

  const onOpenChange = (next: boolean) => next || remove.isPending || close()

  return (
    <>
      <AlertDialog open={open && submissionsMessage === null} onOpenChange={onOpenChange}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            if (askingAgain.current) event.preventDefault()
            else onCloseAutoFocus?.(event)
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Round</AlertDialogTitle>
            <AlertDialogDescription>
              {round
                ? `Are you sure you want to delete ${round.name}? This action cannot be undone.`
                : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => confirm(false)}
            >
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog open={open && submissionsMessage !== null} onOpenChange={onOpenChange}>
        <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete the submissions too?</AlertDialogTitle>
            <AlertDialogDescription>{submissionsMessage}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Keep round</AlertDialogCancel>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => confirm(true)}>
              {remove.isPending ? 'Deleting...' : 'Delete round and submissions'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}
