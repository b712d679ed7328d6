import { ROUND_MESSAGES, type Round } from '@hackathon/contract'
import { useRef, useState } from 'react'

import { ConfirmDialog, type ConfirmDialogProps } from '@/components/confirm-dialog'
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
  onCloseAutoFocus: ConfirmDialogProps['onCloseAutoFocus']
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

  const onOpenChange = (next: boolean) => next || close()
  const shared = {
    onOpenChange,
    confirmLabel: 'Delete',
    pendingLabel: 'Deleting...',
    pending: remove.isPending,
    destructive: true,
  }

  return (
    <>
      <ConfirmDialog
        {...shared}
        open={open && submissionsMessage === null}
        onCloseAutoFocus={(event) => {
          if (askingAgain.current) event.preventDefault()
          else onCloseAutoFocus?.(event)
        }}
        title="Delete Round"
        description={
          round
            ? `Are you sure you want to delete ${round.name}? This action cannot be undone.`
            : null
        }
        onConfirm={() => confirm(false)}
      />
      <ConfirmDialog
        {...shared}
        open={open && submissionsMessage !== null}
        onCloseAutoFocus={onCloseAutoFocus}
        title="Delete the submissions too?"
        description={submissionsMessage}
        cancelLabel="Keep round"
        confirmLabel="Delete round and submissions"
        onConfirm={() => confirm(true)}
      />
    </>
  )
}
