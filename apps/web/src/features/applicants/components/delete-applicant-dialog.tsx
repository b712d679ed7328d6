import { APPLICANT_MESSAGES, type Applicant } from '@hackathon/contract'

import { ConfirmDialog, type ConfirmDialogProps } from '@/components/confirm-dialog'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { useDeleteApplicant } from '../api/delete-applicant'

export interface DeleteApplicantDialogProps {
  /** Kept while the dialog closes, so its question does not blank out. */
  applicant: Applicant | null
  open: boolean
  onClose: () => void
  onCloseAutoFocus: ConfirmDialogProps['onCloseAutoFocus']
}

/**
 * docs/product/applicants.md#delete. Opened by the table rather than by a trigger in the row,
 * because the row is gone once the delete succeeds: the table decides where focus goes.
 */
export function DeleteApplicantDialog({
  applicant,
  open,
  onClose,
  onCloseAutoFocus,
}: DeleteApplicantDialogProps) {
  const remove = useDeleteApplicant()

  function confirm() {
    if (!applicant || remove.isPending) return
    remove.mutate(applicant.id, {
      onSuccess: () => toast({ title: 'Success', description: APPLICANT_MESSAGES.deleted }),
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(err, 'Failed to delete applicant'),
        }),
      onSettled: onClose,
    })
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => next || onClose()}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Delete Applicant"
      description={applicant ? APPLICANT_MESSAGES.deleteConfirm(applicant.name) : null}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      destructive
      onConfirm={confirm}
    />
  )
}
