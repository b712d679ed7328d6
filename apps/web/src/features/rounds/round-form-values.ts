import {
  ANSWER_DEFAULT_MB,
  DEFAULT_ANSWER_FILE_TYPES,
  ROUND_MESSAGES,
  TEMPLATE_EXTENSIONS,
  TEMPLATE_MAX_BYTES,
  roundInput,
  type AnswerFileExtension,
  type Round,
  type RoundInput,
  type RoundStatus,
  type RequirementKind,
  type StoredFile,
} from '@hackathon/contract'
import { z } from 'zod'

import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/datetime-local'

import { prizesOf, requirementsOf } from './round-data'

export interface RequirementRow {
  /** Stable across edits, so React keeps each row's inputs (and focus) in place. */
  key: string
  /**
   * The saved requirement's id, sent back so it keeps its identity and the answers given to it
   * (docs/product/rounds.md#requirements); none for a requirement added in this form.
   */
  id?: string
  description: string
  template: StoredFile | null
  kind: RequirementKind
  required: boolean
  /** Kept while another kind is chosen, so switching back to a file restores them. */
  fileTypes: AnswerFileExtension[]
  /** As typed, in MB. */
  maxSizeMb: string
}

/** What the round form holds: text as typed, times as datetime-local values. */
export interface RoundFormValues {
  name: string
  description: string
  /** The stage number as typed; empty leaves the round where it is (or last, when new). */
  position: string
  status: RoundStatus
  startTime: string
  endTime: string
  maxParticipants: string
  requirements: RequirementRow[]
  /** One prize per line. */
  prizes: string
}

/** In the order the form shows them, which is the order a failed save looks for a problem in. */
export const FORM_FIELDS = [
  'name',
  'description',
  'position',
  'status',
  'startTime',
  'endTime',
  'maxParticipants',
  'requirements',
  'prizes',
] as const
export type FormField = (typeof FORM_FIELDS)[number]

/** A requirement's own fields that can have a problem, in the order the row shows them. */
export const REQUIREMENT_FIELDS = ['description', 'kind', 'fileTypes', 'maxSizeMb'] as const
export type RequirementField = (typeof REQUIREMENT_FIELDS)[number]

export interface RoundFormErrors {
  fields: Partial<Record<FormField, string>>
  /** The problems of one requirement, by its row key. */
  rows: Record<string, Partial<Record<RequirementField, string>>>
}

export const FILE_TYPES_REQUIRED = 'Choose at least one file type'

let lastKey = 0
export function newRequirementRow(
  saved: Partial<Omit<RequirementRow, 'key'>> = {},
): RequirementRow {
  lastKey += 1
  return {
    key: `requirement-${lastKey}`,
    description: '',
    template: null,
    kind: 'file',
    required: true,
    fileTypes: [...DEFAULT_ANSWER_FILE_TYPES],
    maxSizeMb: String(ANSWER_DEFAULT_MB),
    ...saved,
  }
}

/**
 * A new round goes last unless the organizer gives another stage number. Without the count of
 * rounds (not loaded), the field starts empty, which the server also reads as last.
 */
export function emptyRoundValues(roundCount: number | null): RoundFormValues {
  return {
    name: '',
    description: '',
    position: roundCount === null ? '' : String(roundCount + 1),
    status: 'upcoming',
    startTime: '',
    endTime: '',
    maxParticipants: '',
    requirements: [newRequirementRow()],
    prizes: '',
  }
}

/** The form filled from a saved round; its requirements keep their ids, templates and rules. */
export function valuesFromRound(round: Round): RoundFormValues {
  const requirements = requirementsOf(round).map((r) =>
    newRequirementRow({
      id: r.id,
      description: r.description,
      template: r.template,
      kind: r.kind,
      required: r.required,
      // A link or text requirement has none: a switch to a file starts from the defaults.
      fileTypes: r.kind === 'file' ? [...r.fileTypes] : [...DEFAULT_ANSWER_FILE_TYPES],
      maxSizeMb: String(r.maxSizeMb),
    }),
  )
  return {
    name: round.name,
    description: round.description,
    position: String(round.position),
    status: round.status,
    startTime: toDateTimeLocal(round.startTime),
    endTime: toDateTimeLocal(round.endTime),
    maxParticipants: round.maxParticipants === null ? '' : String(round.maxParticipants),
    requirements: requirements.length ? requirements : [newRequirementRow()],
    prizes: prizesOf(round).join('\n'),
  }
}

/**
 * The request body the form's values stand for (docs/product/rounds.md#the-form): requirements
 * without a description are left out, prizes are split by line without the blank ones, times are
 * UTC. A file requirement sends its types and size limit; a link or a text needs neither.
 * `rowKeys[i]` is the form row that became `requirements[i]`, to put a problem beside it.
 */
export function toRoundRequest(values: RoundFormValues) {
  const kept = values.requirements.filter((row) => row.description.trim() !== '')
  const max = values.maxParticipants.trim()
  const position = values.position.trim()
  const request = {
    name: values.name,
    description: values.description,
    ...(position === '' ? {} : { position: Number(position) }),
    status: values.status,
    startTime: fromDateTimeLocal(values.startTime),
    endTime: fromDateTimeLocal(values.endTime),
    maxParticipants: max === '' ? null : Number(max),
    requirements: kept.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      description: row.description.trim(),
      templateFileId: row.template?.id ?? null,
      kind: row.kind,
      required: row.required,
      ...(row.kind === 'file'
        ? { fileTypes: row.fileTypes, maxSizeMb: Number(row.maxSizeMb.trim()) }
        : {}),
    })),
    prizes: values.prizes
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  } satisfies RoundInput
  return { request, rowKeys: kept.map((row) => row.key) }
}

/**
 * Checked with the contract's roundInput, plus what the contract cannot know: the highest stage
 * number there is (`maxPosition`), and what dropping empty rows or types would otherwise hide.
 */
export function validateRound(
  values: RoundFormValues,
  { maxPosition }: { maxPosition: number | null },
): { ok: true; input: RoundInput } | { ok: false; errors: RoundFormErrors } {
  const { request, rowKeys } = toRoundRequest(values)
  const errors: RoundFormErrors = { fields: {}, rows: {} }
  const rowError = (key: string, field: RequirementField, message: string) => {
    const row = (errors.rows[key] ??= {})
    row[field] ??= message
  }

  for (const row of values.requirements) {
    // A row with a template but no description would be dropped, template and all, without a word.
    if (row.template && !row.description.trim()) {
      rowError(row.key, 'description', ROUND_MESSAGES.requirementDescriptionRequired)
    }
    // No type at all would refuse every file the applicants send.
    if (row.description.trim() && row.kind === 'file' && row.fileTypes.length === 0) {
      rowError(row.key, 'fileTypes', FILE_TYPES_REQUIRED)
    }
  }

  const parsed = roundInput.safeParse(request)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index, rowField] = issue.path
      if (field === 'requirements' && typeof index === 'number') {
        const key = rowKeys[index]
        if (key) rowError(key, requirementField(rowField), messageFor(rowField, issue))
      } else if (typeof field === 'string' && isFormField(field)) {
        errors.fields[field] ??= messageFor(field, issue)
      }
    }
  }
  if (maxPosition !== null && request.position !== undefined && request.position > maxPosition) {
    errors.fields.position ??= `The stage number is at most ${maxPosition}`
  }

  if (Object.keys(errors.fields).length || Object.keys(errors.rows).length) {
    return { ok: false, errors }
  }
  return { ok: true, input: parsed.success ? parsed.data : request }
}

/**
 * The round form's schema (for useZodForm): validateRound over the form's values, each problem
 * on its field (`requirements.2.maxSizeMb`; `requirements.root` for the list itself), the request
 * as its output.
 */
export function roundFormSchema(maxPosition: number | null) {
  return z.custom<RoundFormValues>().transform((values, ctx): RoundInput => {
    const result = validateRound(values, { maxPosition })
    if (result.ok) return result.input
    const problem = (path: PropertyKey[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message })
    for (const field of FORM_FIELDS) {
      const message = result.errors.fields[field]
      if (message) problem(field === 'requirements' ? ['requirements', 'root'] : [field], message)
    }
    values.requirements.forEach((row, index) => {
      for (const field of REQUIREMENT_FIELDS) {
        const message = result.errors.rows[row.key]?.[field]
        if (message) problem(['requirements', index, field], message)
      }
    })
    return z.NEVER
  })
}

function requirementField(field: PropertyKey | undefined): RequirementField {
  return (REQUIREMENT_FIELDS as readonly PropertyKey[]).includes(field as PropertyKey)
    ? (field as RequirementField)
    : 'description'
}

function isFormField(field: string): field is FormField {
  return (FORM_FIELDS as readonly string[]).includes(field)
}

/**
 * The contract's union says only 'Invalid input' for 2.5 people, and a number that is not one
 * (NaN) gets zod's own words: the form says what is wanted instead.
 */
function messageFor(field: PropertyKey | undefined, issue: { code?: string; message: string }) {
  if (field === 'maxParticipants' && issue.code === 'invalid_union') {
    return 'Max participants must be a whole number'
  }
  if (field === 'position' && issue.code === 'invalid_type') {
    return 'The stage number is a whole number'
  }
  if (field === 'maxSizeMb' && issue.code === 'invalid_type') {
    return 'The size limit is a whole number of MB'
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
