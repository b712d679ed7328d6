import type { StaffMember } from '@hackathon/contract'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'

import { ConfirmDialog } from '@/components/confirm-dialog'
import {
  AlertDialogCancel,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { useResetStaffPassword } from '../api/reset-staff-password'
import { TemporaryPassword } from './temporary-password'

/** Asks first, then shows the new temporary password once, in the same dialog. */
export function ResetPasswordDialog({ member }: { member: StaffMember }) {
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState<string | null>(null)
  const reset = useResetStaffPassword()

  function onOpenChange(next: boolean) {
    setOpen(next)
    // The password must not outlive the dialog that shows it.
    if (!next) setPassword(null)
  }

  function confirm() {
    reset.mutate(member.id, {
      onSuccess: ({ temporaryPassword }) => {
        toast({
          title: 'Password reset',
          description: `${member.name}'s old password no longer works.`,
        })
        if (temporaryPassword) setPassword(temporaryPassword)
        else setOpen(false)
      },
      onError: (err) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(err, 'Failed to reset password'),
        })
        setOpen(false)
      },
    })
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Reset password for ${member.name}`}>
          <KeyRound aria-hidden="true" />
          Reset password
        </Button>
      }
      open={open}
      onOpenChange={onOpenChange}
      title={`Reset password for ${member.name}?`}
      description={`A new temporary password replaces the current one, which stops working at once. You will see the new password once, to pass on to ${member.name}.`}
      confirmLabel="Reset password"
      pendingLabel="Resetting..."
      pending={reset.isPending}
      onConfirm={confirm}
      outcome={
        password ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>New password for {member.name}</AlertDialogTitle>
              <AlertDialogDescription>
                Give {member.name} this temporary password to sign in with {member.email}.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <TemporaryPassword password={password} />
            <AlertDialogFooter>
              <AlertDialogCancel>Done</AlertDialogCancel>
            </AlertDialogFooter>
          </>
        ) : undefined
      }
    />
  )
}
