import type { ReactNode } from 'react'

import { FieldMessage, Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

export interface FormFieldProps {
  id: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  /** Classes for the field's box (label, control and messages), e.g. a grid span. */
  className?: string
  /** Renders the control with this id and these aria-describedby ids (its error, its hint). */
  children: (control: {
    id: string
    describedBy: string | undefined
    invalid: boolean
  }) => ReactNode
}

/** Label, control, then its error and hint, both read out with the control. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ')
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, describedBy: describedBy || undefined, invalid: Boolean(error) })}
      {error && (
        <FieldMessage error id={`${id}-error`}>
          {error}
        </FieldMessage>
      )}
      {hint && <FieldMessage id={`${id}-hint`}>{hint}</FieldMessage>}
    </div>
  )
}
