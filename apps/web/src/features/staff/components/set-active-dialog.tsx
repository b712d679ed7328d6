import type { StaffMember } from '@hackathon/contract'
import { UserCheck, UserX } from 'lucide-react'
import { useState } from 'react'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { useActivateStaff } from '../api/activate-staff'
import { useDeactivateStaff } from '../api/deactivate-staff'

/** Deactivate an active account or activate a deactivated one, after asking. */
export function SetActiveDialog({ member }: { member: StaffMember }) {
  const [open, setOpen] = useState(false)
  // What the admin was asked: the list refreshes before the dialog has finished closing, and
  // its text must not flip to the opposite question on the way out.
  const [askedToDeactivate, setAskedToDeactivate] = useState(member.active)
  const deactivate = useDeactivateStaff()
  const activate = useActivateStaff()
  const action = askedToDeactivate
    ? {
        mutation: deactivate,
        label: 'Deactivate',
        pendingLabel: 'Deactivating...',
        title: `Deactivate ${member.name}?`,
        description: `${member.name} will no longer be able to sign in. You can activate the account again later.`,
        done: 'Account deactivated',
        failed: 'Failed to deactivate account',
      }
    : {
        mutation: activate,
        label: 'Activate',
        pendingLabel: 'Activating...',
        title: `Activate ${member.name}?`,
        description: `${member.name} will be able to sign in again with the same password or single sign-on.`,
        done: 'Account activated',
        failed: 'Failed to activate account',
      }
  const TriggerIcon = member.active ? UserX : UserCheck
  const triggerLabel = member.active ? 'Deactivate' : 'Activate'

  function confirm() {
    action.mutation.mutate(member.id, {
      onSuccess: () => toast({ title: action.done, description: member.name }),
      // A 409 lands here: the last active admin cannot be deactivated.
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(err, action.failed),
        }),
      onSettled: () => setOpen(false),
    })
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`${triggerLabel} ${member.name}`}>
          <TriggerIcon aria-hidden="true" />
          {triggerLabel}
        </Button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) setAskedToDeactivate(member.active)
        setOpen(next)
      }}
      title={action.title}
      description={action.description}
      confirmLabel={action.label}
      pendingLabel={action.pendingLabel}
      pending={action.mutation.isPending}
      destructive={askedToDeactivate}
      onConfirm={confirm}
    />
  )
}
