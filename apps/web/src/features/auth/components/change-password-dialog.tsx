import {
  LIMITS,
  PASSWORD_MESSAGES,
  changePasswordFormError,
  changePasswordInput,
} from '@hackathon/contract'
import { useId, type ComponentProps } from 'react'
import { z } from 'zod'

import { errorOf, useZodForm } from '@/components/form/use-zod-form'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/error-message'

import { useChangePassword } from '../api/change-password'

export interface ChangePasswordDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus']
}

/** docs/product/sign-in.md#changing-a-password: the signed-in staff member changes their own. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Enter your current password, then a new one of at least {LIMITS.passwordMin} characters.
          </DialogDescription>
        </DialogHeader>
        {/* Inside the content, which unmounts on close: closing in any way clears the fields. */}
        <ChangePasswordForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

/**
 * The dialog's three checks in their order (changePasswordFormError), then the contract's own
 * limits (e.g. a maximum length): one problem at a time, said for the whole form (`root`), on
 * Submit only. The output is the request, without the confirmation.
 */
const changePasswordForm = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .transform((fields, ctx) => {
    const parsed = changePasswordInput.safeParse(fields)
    const problem = changePasswordFormError(fields) ?? parsed.error?.issues[0]?.message
    if (parsed.success && !problem) return parsed.data
    ctx.addIssue({ code: 'custom', path: ['root'], message: problem ?? PASSWORD_MESSAGES.fillAll })
    return z.NEVER
  })

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  // The problem is the whole form's, so nothing takes the focus from the button.
  const form = useZodForm(changePasswordForm, { defaultValues: EMPTY, shouldFocusError: false })
  const problemId = useId()
  const change = useChangePassword({
    onSuccess: () => {
      toast({ title: 'Success', description: PASSWORD_MESSAGES.changed })
      form.reset(EMPTY)
      onDone()
    },
    onError: (err) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(err, PASSWORD_MESSAGES.changeFailed),
      })
    },
  })

  const onSubmit = form.handleSubmit((input) => change.mutate(input))

  const problem = errorOf(form, 'root')
  const describedBy = problem ? problemId : undefined

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        aria-describedby={describedBy}
        {...form.register('currentPassword')}
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        aria-describedby={describedBy}
        {...form.register('newPassword')}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        aria-describedby={describedBy}
        {...form.register('confirmPassword')}
      />
      {problem && (
        <p id={problemId} role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** A labelled, required password input; what describes it is the form's problem. */
function PasswordField({ label, ...input }: { label: string } & ComponentProps<typeof Input>) {
  const id = useId()
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="password" required {...input} />
    </div>
  )
}
