import type { ComponentProps } from 'react'

import { FormField, type FormFieldProps } from '@/components/form-field'
import { Input, NativeSelect } from '@/components/ui/input'

type FieldProps = Omit<FormFieldProps, 'label' | 'hint' | 'children'> & {
  label: string
  hint?: string
}

/** The control's side of a field: its id, what describes it, and room for a failed submit. */
function controlProps(control: { id: string; describedBy: string | undefined; invalid: boolean }) {
  return {
    id: control.id,
    'aria-invalid': control.invalid || undefined,
    'aria-describedby': control.describedBy,
    // Room above a field that a failed submit focuses, for its label and a sticky header.
    className: 'scroll-mt-24',
  }
}

/** FormField's props, and the rest for the control. */
function split<P extends FieldProps>({ id, label, error, hint, className, ...control }: P) {
  return [{ id, label, error, hint, className }, control] as const
}

export function TextField(
  props: FieldProps & Omit<ComponentProps<typeof Input>, 'id' | 'className'>,
) {
  const [field, control] = split(props)
  return <FormField {...field}>{(own) => <Input {...controlProps(own)} {...control} />}</FormField>
}

export function SelectField(
  props: FieldProps & Omit<ComponentProps<typeof NativeSelect>, 'id' | 'className'>,
) {
  const [field, control] = split(props)
  return (
    <FormField {...field}>
      {(own) => <NativeSelect {...controlProps(own)} {...control} />}
    </FormField>
  )
}
