import { useId, type ComponentProps } from 'react'

import { Input, NativeSelect } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'

import { FormField, type FormFieldProps } from './form-field'

type FieldProps = Omit<FormFieldProps, 'id' | 'label' | 'hint' | 'children'> & {
  /** The control's id; one is made up when none is given. */
  id?: string
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
function useSplit<P extends FieldProps>({ id, label, error, hint, className, ...control }: P) {
  const ownId = useId()
  return [{ id: id ?? ownId, label, error, hint, className }, control] as const
}

/**
 * A labelled input with its error and hint read out with it; spread bindField(form, name) into it
 * for a react-hook-form field.
 */
export function TextField(
  props: FieldProps & Omit<ComponentProps<typeof Input>, 'id' | 'className'>,
) {
  const [field, control] = useSplit(props)
  return <FormField {...field}>{(own) => <Input {...controlProps(own)} {...control} />}</FormField>
}

/** A labelled native select, as TextField. */
export function SelectField(
  props: FieldProps & Omit<ComponentProps<typeof NativeSelect>, 'id' | 'className'>,
) {
  const [field, control] = useSplit(props)
  return (
    <FormField {...field}>
      {(own) => <NativeSelect {...controlProps(own)} {...control} />}
    </FormField>
  )
}

/** A labelled textarea, as TextField. */
export function TextareaField(
  props: FieldProps & Omit<ComponentProps<typeof Textarea>, 'id' | 'className'>,
) {
  const [field, control] = useSplit(props)
  return (
    <FormField {...field}>{(own) => <Textarea {...controlProps(own)} {...control} />}</FormField>
  )
}
