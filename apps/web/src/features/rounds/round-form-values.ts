import {
  ROUND_MESSAGES,
  TEMPLATE_EXTENSIONS,
  TEMPLATE_MAX_BYTES,
  roundInput,
  type Round,
  type RoundInput,
  type RoundStatus,
  type StoredFile,
} from '@hackathon/contract'

import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/datetime-local'

import { prizesOf, requirementsOf } from './round-data'

export interface RequirementRow {
  /** Stable across edits, so React keeps each row's inputs (and focus) in place. */
  key: string
  description: string
  template: StoredFile | null
}

/** What the round form holds: text as typed, times as datetime-local values. */
export interface RoundFormValues {
  name: string
  description: string
  status: RoundStatus
  startTime: string
  endTime: string
  maxParticipants: string
  requirements: RequirementRow[]
  /** One prize per line. */
  prizes: string
}

export const FORM_FIELDS = [
  'name',
  'description',
  'status',
  'startTime',
  'endTime',
  'maxParticipants',
  'requirements',
  'prizes',
] as const
export type FormField = (typeof FORM_FIELDS)[number]

export interface RoundFormErrors {
  fields: Partial<Record<FormField, string>>
  /** A problem with one requirement, by its row key. */
  rows: Record<string, string>
}

let lastKey = 0
export function newRequirementRow(description = '', template: StoredFile | null = null) {
  lastKey += 1
  return { key: `requirement-${lastKey}`, description, template }
}

export function emptyRoundValues(): RoundFormValues {
  return {
    name: '',
    description: '',
    status: 'upcoming',
    startTime: '',
    endTime: '',
    maxParticipants: '',
    requirements: [newRequirementRow()],
    prizes: '',
  }
}

/** The form filled from a saved round; its templates stay attached by their ids. */
export function valuesFromRound(round: Round): RoundFormValues {
  const requirements = requirementsOf(round).map((r) =>
    newRequirementRow(r.description, r.template),
  )
  return {
    name: round.name,
    description: round.description,
    status: round.status,
    startTime: toDateTimeLocal(round.startTime),
    endTime: toDateTimeLocal(round.endTime),
    maxParticipants: round.maxParticipants === null ? '' : String(round.maxParticipants),
    requirements: requirements.length ? requirements : [newRequirementRow()],
    prizes: prizesOf(round).join('\n'),
  }
}

/**
 * The request body the form's values stand for (SPEC.md section 5): requirements without a
 * description are left out, prizes are split by line without the blank ones, times are UTC.
 * `rowKeys[i]` is the form row that became `requirements[i]`, to put a problem beside it.
 */
export function toRoundRequest(values: RoundFormValues) {
  const kept = values.requirements.filter((row) => row.description.trim() !== '')
  const max = values.maxParticipants.trim()
  const request = {
    name: values.name,
    description: values.description,
    status: values.status,
    startTime: fromDateTimeLocal(values.startTime),
    endTime: fromDateTimeLocal(values.endTime),
    maxParticipants: max === '' ? null : Number(max),
    requirements: kept.map((row) => ({
      description: row.description.trim(),
      templateFileId: row.template?.id ?? null,
    })),
    prizes: values.prizes
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  } satisfies RoundInput
  return { request, rowKeys: kept.map((row) => row.key) }
}

/** Checked with the contract's roundInput, plus what dropping empty rows would otherwise hide. */
export function validateRound(
  values: RoundFormValues,
): { ok: true; input: RoundInput } | { ok: false; errors: RoundFormErrors } {
  const { request, rowKeys } = toRoundRequest(values)
  const errors: RoundFormErrors = { fields: {}, rows: {} }

  // A row with a template but no description would be dropped, template and all, without a word.
  for (const row of values.requirements) {
    if (row.template && !row.description.trim()) {
      errors.rows[row.key] = ROUND_MESSAGES.requirementDescriptionRequired
    }
  }

  const parsed = roundInput.safeParse(request)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path
      if (field === 'requirements' && typeof index === 'number') {
        const key = rowKeys[index]
        if (key) errors.rows[key] ??= issue.message
      } else if (typeof field === 'string' && isFormField(field)) {
        errors.fields[field] ??= messageFor(field, issue)
      }
    }
  }

  if (Object.keys(errors.fields).length || Object.keys(errors.rows).length) {
    return { ok: false, errors }
  }
  return { ok: true, input: parsed.success ? parsed.data : request }
}

function isFormField(field: string): field is FormField {
  return (FORM_FIELDS as readonly string[]).includes(field)
}

/** The contract's union says only 'Invalid input' for 2.5 people; the form can say more. */
function messageFor(field: FormField, issue: { code?: string; message: string }): string {
  if (field === 'maxParticipants' && issue.code === 'invalid_union') {
    return 'Max participants must be a whole number'
  }
  return issue.message
}

const ACCEPTED = new Set<string>(TEMPLATE_EXTENSIONS)
const MAX_MEGABYTES = TEMPLATE_MAX_BYTES / (1024 * 1024)

/** Why a chosen template file cannot be uploaded, before it is sent; null when it can. */
export function templateFileProblem(file: File): string | null {
  const dot = file.name.lastIndexOf('.')
  const extension = dot === -1 ? '' : file.name.slice(dot + 1).toLowerCase()
  if (!ACCEPTED.has(extension)) {
    const types = TEMPLATE_EXTENSIONS.map((e) => e.toUpperCase()).join(', ')
    return `${file.name} is not an accepted template type. Choose one of: ${types}.`
  }
  if (file.size > TEMPLATE_MAX_BYTES) {
    return `${file.name} is larger than ${MAX_MEGABYTES} MB. Choose a smaller file.`
  }
  if (file.size === 0) return `${file.name} is empty. Choose another file.`
  return null
}

/** The file input's accept list, from the contract's extensions. */
export const TEMPLATE_ACCEPT = TEMPLATE_EXTENSIONS.map((e) => `.${e}`).join(',')
