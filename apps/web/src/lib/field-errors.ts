/** The part of a zod issue that a form needs; structural, so lib does not depend on zod. */
interface Issue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/** The first message for each top-level field, to show beside that field. */
export function fieldErrors<Field extends string>(
  issues: readonly Issue[],
): Partial<Record<Field, string>> {
  const errors: Partial<Record<string, string>> = {}
  for (const { path, message } of issues) {
    const field = path[0]
    if (typeof field === 'string') errors[field] ??= message
  }
  return errors as Partial<Record<Field, string>>
}
