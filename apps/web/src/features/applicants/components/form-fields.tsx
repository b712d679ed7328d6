import type { ComponentProps, ReactNode } from 'react'

import { Input, NativeSelect } from '@/components/ui/input'
import { FieldMessage, Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

interface FieldProps {
  id: string
  label: string
  error?: string
  hint?: string
  /** Classes for the field's box (label, control and messages), e.g. a grid span. */
  className?: string
}

/** Label, control, then its error and hint, both read out with the control. */
function Field({
  id,
  label,
  error,
  hint,
  className,
  control,
}: FieldProps & { control: (describedBy: string | undefined) => ReactNode }) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ')
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {control(describedBy || undefined)}
      {error && (
        <FieldMessage error id={`${id}-error`}>
          {error}
        </FieldMessage>
      )}
      {hint && <FieldMessage id={`${id}-hint`}>{hint}</FieldMessage>}
    </div>
  )
}

export function TextField({
  id,
  label,
  error,
  hint,
  className,
  ...props
}: FieldProps & Omit<ComponentProps<typeof Input>, 'id' | 'className'>) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(describedBy) => (
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          // Room above a field that a failed submit focuses, for its label and a sticky header.
          className="scroll-mt-24"
          {...props}
        />
      )}
    />
  )
}

export function SelectField({
  id,
  label,
  error,
  hint,
  className,
  ...props
}: FieldProps & Omit<ComponentProps<typeof NativeSelect>, 'id' | 'className'>) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(describedBy) => (
        <NativeSelect
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="scroll-mt-24"
          {...props}
        />
      )}
    />
  )
}
