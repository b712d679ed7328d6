import type { ComponentProps, ReactNode } from 'react'

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

export interface ConfirmDialogProps {
  /**
   * The button that opens the dialog; focus returns to it when the dialog closes. Without it the
   * caller opens the dialog (e.g. from a table row that may be gone after the action) and says
   * where focus goes with onCloseAutoFocus.
   */
  trigger?: ReactNode
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Where focus goes when the dialog closes, for a dialog opened without a trigger. */
  onCloseAutoFocus?: ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus']
  title: ReactNode
  description: ReactNode
  /** More to ask between the question and the buttons, e.g. an optional reason. */
  children?: ReactNode
  confirmLabel: string
  /** The Cancel button's text, e.g. 'Keep round'. */
  cancelLabel?: string
  /** The confirm button's text while the action runs, e.g. 'Deactivating...'. */
  pendingLabel?: string
  pending?: boolean
  destructive?: boolean
  /** Runs the action; the caller closes the dialog when it settles. */
  onConfirm: () => void
  /**
   * What the action produced, shown in the same dialog in place of the question (e.g. a password
   * shown once), with its own header and footer.
   */
  outcome?: ReactNode
}

/** Asks before an action, and stays open (and unclosable) until the action has an answer. */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  pendingLabel,
  pending = false,
  destructive = false,
  onConfirm,
  outcome,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => pending || onOpenChange(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {outcome ?? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{title}</AlertDialogTitle>
              <AlertDialogDescription>{description}</AlertDialogDescription>
            </AlertDialogHeader>
            {children}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
              <Button
                variant={destructive ? 'destructive' : 'default'}
                disabled={pending}
                onClick={onConfirm}
              >
                {pending && pendingLabel ? pendingLabel : confirmLabel}
              </Button>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  )
}
