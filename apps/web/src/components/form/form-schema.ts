import { z } from 'zod'
import type { FieldValues } from 'react-hook-form'

/** Where a problem is shown: a form field's path, and what it says. */
export interface FieldIssue {
  path: PropertyKey[]
  message: string
}

type Issue = z.core.$ZodIssue

/**
 * A schema over a form's own values, for a form whose fields are not the request it sends (dates
 * split in two, numbers as typed, rows with keys): `input` turns the values into what the
 * contract's `schema` reads; each of its problems is shown where `issue` says (by default on the
 * same path, in the contract's words), and `also` adds what only the form knows. The output is
 * the contract's, so handleSubmit gets the request. Use it with useZodForm.
 */
export function formSchema<Values extends FieldValues, S extends z.ZodType>(
  schema: S,
  {
    input,
    issue = (problem) => ({ path: problem.path, message: problem.message }),
    also,
  }: {
    input: (values: Values) => unknown
    issue?: (problem: Issue, values: Values) => FieldIssue | null
    also?: (values: Values) => readonly FieldIssue[]
  },
) {
  return z.custom<Values>().transform((values, ctx): z.output<S> => {
    const parsed = schema.safeParse(input(values))
    const issues: FieldIssue[] = []
    if (!parsed.success) {
      for (const problem of parsed.error.issues) {
        const shown = issue(problem, values)
        if (shown) issues.push(shown)
      }
    }
    // After the contract's: the first problem of a field is the one shown.
    issues.push(...(also?.(values) ?? []))
    if (parsed.success && issues.length === 0) return parsed.data
    // Refused for a reason no field shows: said for the whole form rather than not at all.
    const first = parsed.error?.issues[0]
    if (issues.length === 0 && first) issues.push({ path: ['root'], message: first.message })
    for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path, message })
    return z.NEVER
  })
}
