import { ConfirmDialog, type ConfirmDialogProps } from '@/components/confirm-dialog'

/** The question asked before a selection, naming the person and, when known, the round. */
export function selectQuestion(name: string, roundName: string | null): string {
  return roundName
    ? `Select ${name} for ${roundName}? They will be emailed.`
    : `Select ${name}? They will be emailed.`
}

export interface ConfirmSelectDialogProps {
  /** Who would be selected; kept while the dialog closes, so its question does not blank out. */
  target: { name: string; roundName: string | null } | null
  open: boolean
  onConfirm: () => void
  onClose: () => void
  onCloseAutoFocus: ConfirmDialogProps['onCloseAutoFocus']
}

/**
 * A selection advances the participant and emails them at once, and no click takes the email back
 * (docs/product/pipeline.md#decisions): the jury's Select asks first (issue 22, item 10). Only
 * Select sends the call; Cancel, Escape and the overlay leave everything as it was.
 */
export function ConfirmSelectDialog({
  target,
  open,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: ConfirmSelectDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => next || onClose()}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Select Applicant"
      description={target ? selectQuestion(target.name, target.roundName) : null}
      confirmLabel="Select"
      onConfirm={() => {
        onConfirm()
        onClose()
      }}
    />
  )
}
