import { rubricRequest, type Rubric } from '@hackathon/contract'

import { formSchema } from '@/components/form/form-schema'
import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/datetime-local'

export const CRITERION_FIELDS = ['name', 'weight', 'scaleMin', 'scaleMax'] as const
export type CriterionField = (typeof CRITERION_FIELDS)[number]

/** One criterion as typed: numbers stay text until the form is saved. */
export interface CriterionRow extends Record<CriterionField, string> {
  /** Stable across edits, so React keeps each row's inputs (and focus) in place. */
  key: string
}

export interface RubricFormValues {
  criteria: CriterionRow[]
  /** A datetime-local value on the viewer's clock; '' keeps reviews open. */
  reviewClosesAt: string
}

let lastKey = 0
export function newCriterionRow(
  values: Partial<Record<CriterionField, string>> = {},
): CriterionRow {
  lastKey += 1
  return {
    key: `criterion-${lastKey}`,
    name: '',
    weight: '1',
    scaleMin: '1',
    scaleMax: '10',
    ...values,
  }
}

export function rubricFormValues(rubric: Rubric): RubricFormValues {
  return {
    criteria: rubric.criteria.map((c) =>
      newCriterionRow({
        name: c.name,
        weight: String(c.weight),
        scaleMin: String(c.scaleMin),
        scaleMax: String(c.scaleMax),
      }),
    ),
    reviewClosesAt: toDateTimeLocal(rubric.reviewClosesAt),
  }
}

/** An empty field is no number at all (Number('') would be 0, a valid bottom of a scale). */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** zod's generic wording, said the way the form's other messages are. */
function readable(issue: {
  code: string
  message: string
  expected?: unknown
  minimum?: unknown
  maximum?: unknown
}): string {
  if (issue.code === 'invalid_type') {
    return issue.expected === 'int' ? 'Enter a whole number' : 'Enter a number'
  }
  if (issue.code === 'too_small' && issue.message.startsWith('Too small')) {
    return `Must be at least ${String(issue.minimum)}`
  }
  if (issue.code === 'too_big' && issue.message.startsWith('Too big')) {
    return `Must be at most ${String(issue.maximum)}`
  }
  return issue.message
}

/** The request the form's values stand for: numbers from their text, the time in UTC. */
function toRubricRequest(values: RubricFormValues) {
  const closesAt = values.reviewClosesAt.trim()
  return {
    criteria: values.criteria.map((row) => ({
      name: row.name,
      weight: toNumber(row.weight),
      scaleMin: toNumber(row.scaleMin),
      scaleMax: toNumber(row.scaleMax),
    })),
    // An unreadable value is sent as typed, so the contract refuses it instead of reopening reviews.
    reviewClosesAt: closesAt ? (fromDateTimeLocal(closesAt) ?? closesAt) : null,
  }
}

/**
 * The rubric form's schema: the contract's rubricRequest over the form's values. A criterion's
 * problem is said beside its field (`criteria.2.weight`), in the form's words; one of the list
 * itself (`criteria.root`) under the table; the output is the request.
 */
export const rubricFormSchema = formSchema(rubricRequest, {
  input: toRubricRequest,
  issue: (problem) => {
    const [top, index, field] = problem.path
    if (top === 'criteria' && typeof index === 'number' && typeof field === 'string') {
      return { path: problem.path, message: readable(problem as Parameters<typeof readable>[0]) }
    }
    if (top === 'criteria') return { path: ['criteria', 'root'], message: problem.message }
    if (top === 'reviewClosesAt') {
      return { path: ['reviewClosesAt'], message: 'Enter a valid date and time' }
    }
    return null
  },
})
