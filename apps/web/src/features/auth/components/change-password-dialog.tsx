import {
  LIMITS,
  PASSWORD_MESSAGES,
  changePasswordFormError,
  changePasswordInput,
} from '@hackathon/contract'
import { useId, useState, type ComponentProps, type FormEvent } from 'react'

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

/** SPEC.md sections 4, 5 and 8: the signed-in staff member changes their own password. */
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
type Fields = typeof EMPTY

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY)
  const [problem, setProblem] = useState<string | null>(null)
  const ids = { current: useId(), next: useId(), confirm: useId(), problem: useId() }
  const change = useChangePassword({
    onSuccess: () => {
      toast({ title: 'Success', description: PASSWORD_MESSAGES.changed })
      setFields(EMPTY)
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formProblem = changePasswordFormError(fields)
    // After the SPEC's three checks, the contract's own limits (e.g. a maximum length).
    const parsed = changePasswordInput.safeParse(fields)
    const firstProblem =
      formProblem ?? (parsed.success ? null : (parsed.error.issues[0]?.message ?? null))
    setProblem(firstProblem)
    if (firstProblem || !parsed.success) return
    change.mutate(parsed.data)
  }

  const update = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }))
  const describedBy = problem ? ids.problem : undefined

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={ids.current}>Current Password</Label>
        <Input
          id={ids.current}
          type="password"
          autoComplete="current-password"
          required
          aria-describedby={describedBy}
          value={fields.currentPassword}
          onChange={update('currentPassword')}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.next}>New Password</Label>
        <Input
          id={ids.next}
          type="password"
          autoComplete="new-password"
          required
          aria-describedby={describedBy}
          value={fields.newPassword}
          onChange={update('newPassword')}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.confirm}>Confirm New Password</Label>
        <Input
          id={ids.confirm}
          type="password"
          autoComplete="new-password"
          required
          aria-describedby={describedBy}
          value={fields.confirmPassword}
          onChange={update('confirmPassword')}
        />
      </div>
      {problem && (
        <p id={ids.problem} role="alert" className="text-sm font-medium text-destructive">
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
