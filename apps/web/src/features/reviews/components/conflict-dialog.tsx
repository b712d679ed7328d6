import { REVIEW_MESSAGES } from '@hackathon/contract'
import { ShieldAlert } from 'lucide-react'
import { useId, useState } from 'react'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { FieldMessage, Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'

import { useDeclareConflict } from '../api/declare-conflict'
import { reportFailure } from '../report-failure'

export interface ConflictDialogProps {
  submissionId: string
  applicantName: string
  /** After the server has recorded it: the review dialog closes, the list drops the submission. */
  onDeclared: () => void
}

/** 'Declare conflict of interest', confirmed in a dialog of its own, with an optional reason. */
export function ConflictDialog({ submissionId, applicantName, onDeclared }: ConflictDialogProps) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const declare = useDeclareConflict(submissionId)
  const reasonId = useId()

  function confirm() {
    declare.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          toast({
            title: 'Conflict of interest declared',
            description: REVIEW_MESSAGES.conflictSaved,
          })
          setOpen(false)
          onDeclared()
        },
        onError: (err) => reportFailure(err, 'Failed to declare the conflict of interest'),
      },
    )
  }

  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" className="text-destructive hover:text-destructive">
          <ShieldAlert aria-hidden="true" />
          Declare conflict of interest
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title="Declare a conflict of interest?"
      description={
        <>
          You will no longer see or review {applicantName}&apos;s submission, and the organisers
          will know why. Declare one when you know the team or could not judge them fairly for any
          other reason.
        </>
      }
      confirmLabel="Declare conflict"
      pendingLabel="Declaring..."
      pending={declare.isPending}
      destructive
      onConfirm={confirm}
    >
      <div className="grid gap-2">
        <Label htmlFor={reasonId}>Reason (optional)</Label>
        <Textarea
          id={reasonId}
          rows={3}
          maxLength={500}
          aria-describedby={`${reasonId}-hint`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <FieldMessage id={`${reasonId}-hint`}>Seen only by the organisers.</FieldMessage>
      </div>
    </ConfirmDialog>
  )
}
