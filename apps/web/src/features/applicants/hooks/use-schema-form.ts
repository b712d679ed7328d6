import { useId, useState, type FormEvent } from 'react'

import { fieldErrors } from '@/lib/field-errors'

interface Issue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/** The part of a zod schema a form uses, so the contract's schemas plug straight in. */
interface Schema<Output> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { readonly issues: readonly Issue[] } }
}

/**
 * A form of text fields checked by one of the contract's schemas. As SPEC.md section 5 has it
 * for registration: validation runs on submit, then again on every change; a failed submit
 * focuses the first field with a problem (fields are in `initial`'s key order).
 */
export function useSchemaForm<Values extends Record<string, string>, Output>(
  schema: Schema<Output>,
  initial: Values | (() => Values),
) {
  type Field = keyof Values & string
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [submitted, setSubmitted] = useState(false)
  const baseId = useId()
  const idOf = (field: Field) => `${baseId}-${field}`

  function validate(next: Values) {
    const parsed = schema.safeParse(next)
    return parsed.success
      ? { ok: true as const, data: parsed.data }
      : { ok: false as const, errors: fieldErrors<Field>(parsed.error.issues) }
  }

  function setField(field: Field, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    if (submitted) {
      const result = validate(next)
      setErrors(result.ok ? {} : result.errors)
    }
  }

  function handleSubmit(onValid: (data: Output) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      setSubmitted(true)
      const result = validate(values)
      if (result.ok) {
        setErrors({})
        onValid(result.data)
        return
      }
      setErrors(result.errors)
      const first = (Object.keys(values) as Field[]).find((field) => result.errors[field])
      if (first) document.getElementById(idOf(first))?.focus()
    }
  }

  /** The props a TextField or SelectField needs for `field`. */
  function field(name: Field) {
    return {
      id: idOf(name),
      value: values[name],
      error: errors[name],
      onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
    }
  }

  return { values, errors, field, handleSubmit }
}
