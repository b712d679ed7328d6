import { rubricRequest, type Rubric, type RubricRequest } from '@hackathon/contract'

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

export interface RubricFormErrors {
  /** A problem with the list itself, e.g. no criteria at all. */
  form?: string
  /** By row key, then field. */
  rows: Record<string, Partial<Record<CriterionField, string>>>
  reviewClosesAt?: string
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

/** The request the contract accepts, or what to say beside each field that stops it. */
export function parseRubricForm(
  values: RubricFormValues,
): { ok: true; request: RubricRequest } | { ok: false; errors: RubricFormErrors } {
  const closesAt = values.reviewClosesAt.trim()
  const parsed = rubricRequest.safeParse({
    criteria: values.criteria.map((row) => ({
      name: row.name,
      weight: toNumber(row.weight),
      scaleMin: toNumber(row.scaleMin),
      scaleMax: toNumber(row.scaleMax),
    })),
    // An unreadable value is sent as typed, so the contract refuses it instead of reopening reviews.
    reviewClosesAt: closesAt ? (fromDateTimeLocal(closesAt) ?? closesAt) : null,
  })
  if (parsed.success) return { ok: true, request: parsed.data }

  const errors: RubricFormErrors = { rows: {} }
  for (const issue of parsed.error.issues) {
    const [top, index, field] = issue.path
    if (top === 'criteria' && typeof index === 'number' && typeof field === 'string') {
      const key = values.criteria[index]?.key
      if (!key) continue
      const row = (errors.rows[key] ??= {})
      row[field as CriterionField] ??= readable(issue as Parameters<typeof readable>[0])
    } else if (top === 'criteria') {
      errors.form ??= issue.message
    } else if (top === 'reviewClosesAt') {
      errors.reviewClosesAt ??= 'Enter a valid date and time'
    }
  }
  return { ok: false, errors }
}
