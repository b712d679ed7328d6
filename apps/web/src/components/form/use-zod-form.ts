import { zodResolver } from '@hookform/resolvers/zod'
import {
  get,
  useForm,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormHandleSubmit,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form'
import type { z } from 'zod'

/**
 * How every form of the product checks what is typed (docs/decisions/031-forms.md): nothing is
 * said while the form is first filled in; Submit checks every field; from then on a field is
 * checked again on each change, so its message goes as soon as it is put right. A failed submit
 * also focuses the first field with a problem, in the order the page shows them (focusFirstError).
 */
export const FORM_BEHAVIOUR = {
  mode: 'onSubmit',
  reValidateMode: 'onChange',
} as const satisfies UseFormProps

/** A zod schema whose input is a form's values: one of the contract's, or a formSchema. */
type FormSchema = z.ZodType<unknown, FieldValues>

export type ZodFormOptions<S extends FormSchema> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
>

/**
 * react-hook-form checked by `schema` with the zod resolver, with FORM_BEHAVIOUR. handleSubmit
 * hands its callback the schema's output (trimmed, transformed): the request to send. After a
 * failed submit the first field with a problem takes focus, before the `onInvalid` callback runs
 * (which may move it elsewhere); `shouldFocusError: false` leaves focus to that callback.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  { shouldFocusError = true, ...options }: ZodFormOptions<S> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    ...FORM_BEHAVIOUR,
    ...options,
    // react-hook-form would focus in the order the fields registered, which is not the page's
    // order once a field is rendered by a child component or added later (a new row).
    shouldFocusError: false,
    // The contract's schemas are synchronous: no promise per keystroke.
    resolver: zodResolver(schema, undefined, { mode: 'sync' }),
  })
  const handleSubmit: UseFormHandleSubmit<z.input<S>, z.output<S>> =
    (onValid, onInvalid) => (event) =>
      form.handleSubmit(onValid, async (errors, submitEvent) => {
        if (shouldFocusError) focusFirstError(errors, event?.target, form.setFocus)
        await onInvalid?.(errors, submitEvent)
      })(event)
  return { ...form, handleSubmit }
}

/** The paths of the problems in `errors` (`criteria.2.weight`; `rows.root` for a list's own). */
function problemPaths(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]): string[] => {
    if (!value || typeof value !== 'object') return []
    const path = prefix ? `${prefix}.${key}` : key
    return 'type' in value || 'message' in value ? [path] : problemPaths(value as object, path)
  })
}

/** The control named `path` in `form`; for a list's own problem (`rows.root`), its first one. */
function controlFor(form: HTMLFormElement, path: string): HTMLElement | undefined {
  if (path.endsWith('.root')) {
    const list = path.slice(0, -'root'.length)
    return [...form.elements].find(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && (element.getAttribute('name') ?? '').startsWith(list),
    )
  }
  const named = form.elements.namedItem(path)
  const control = named instanceof RadioNodeList ? named[0] : named
  return control instanceof HTMLElement ? control : undefined
}

/**
 * Focuses the field with a problem that comes first on the page, found by its name in the form
 * that was submitted; without one there (a submit without an event), the first one the form knows.
 */
export function focusFirstError(
  errors: FieldErrors,
  form: EventTarget | null | undefined,
  setFocus: (name: never) => void,
) {
  const paths = problemPaths(errors)
  const controls =
    form instanceof HTMLFormElement ? paths.flatMap((path) => controlFor(form, path) ?? []) : []
  const first = controls.reduce<HTMLElement | undefined>(
    (earliest, control) =>
      !earliest || control.compareDocumentPosition(earliest) & Node.DOCUMENT_POSITION_FOLLOWING
        ? control
        : earliest,
    undefined,
  )
  if (first) {
    first.focus()
    return
  }
  const before = document.activeElement
  for (const path of paths) {
    setFocus(path as never)
    if (document.activeElement !== before) return
  }
}

/** The message of the problem with `name` (a path such as `criteria.2.weight`), if any. */
export function errorOf<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'formState'>,
  name: string,
): string | undefined {
  const error = get(form.formState.errors, name) as
    { message?: unknown; root?: { message?: unknown } } | undefined
  const message = error?.message ?? error?.root?.message
  return typeof message === 'string' && message ? message : undefined
}

/**
 * What a TextField or SelectField (./fields) needs for `name`: react-hook-form's registration
 * (name, ref, onChange, onBlur) and the field's message.
 */
export function bindField<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, unknown>,
  name: FieldPath<Values>,
  options?: RegisterOptions<Values, FieldPath<Values>>,
) {
  return { ...form.register(name, options), error: errorOf(form, name) }
}

export type FieldBinding = ReturnType<typeof bindField>
