import { APPLICANT_MESSAGES, type Applicant } from '@hackathon/contract'
import type { ComponentProps } from 'react'

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
import { errorMessage } from '@/lib/error-message'

import { useDeleteApplicant } from '../api/delete-applicant'

export interface DeleteApplicantDialogProps {
  /** Kept while the dialog closes, so its question does not blank out. */
  applicant: Applicant | null
  open: boolean
  onClose: () => void
  onCloseAutoFocus: ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus']
}

/**
 * SPEC.md section 5, "Deleting an applicant". Opened by the table rather than by a trigger in
 * the row, because the row is gone once the delete succeeds: the table decides where focus goes.
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
    <AlertDialog open={open} onOpenChange={(next) => next || remove.isPending || onClose()}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Applicant</AlertDialogTitle>
          <AlertDialogDescription>
            {applicant ? APPLICANT_MESSAGES.deleteConfirm(applicant.name) : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
