import {
  ANSWER_DEFAULT_MB,
  ANSWER_FILE_EXTENSIONS,
  DEFAULT_ANSWER_FILE_TYPES,
  REQUIREMENT_KINDS,
  type AnswerFileExtension,
  type Round,
  type RequirementKind,
  type StoredFile,
} from '@hackathon/contract'

export interface RequirementView {
  key: string
  /** The saved requirement's id; none for one read from older data. */
  id?: string
  description: string
  template: StoredFile | null
  kind: RequirementKind
  required: boolean
  fileTypes: AnswerFileExtension[]
  maxSizeMb: number
}

/** What older data (a plain description) means: a required file of the default types. */
const LEGACY: Omit<RequirementView, 'key' | 'description'> = {
  template: null,
  kind: 'file',
  required: true,
  fileTypes: DEFAULT_ANSWER_FILE_TYPES,
  maxSizeMb: ANSWER_DEFAULT_MB,
}

const isKind = (value: unknown): value is RequirementKind =>
  (REQUIREMENT_KINDS as readonly unknown[]).includes(value)
const isExtension = (value: unknown): value is AnswerFileExtension =>
  (ANSWER_FILE_EXTENSIONS as readonly unknown[]).includes(value)

function isStoredFile(value: unknown): value is StoredFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'string' &&
    'name' in value &&
    typeof value.name === 'string' &&
    'url' in value &&
    typeof value.url === 'string'
  )
}

/**
 * A round's requirements as a list (docs/product/rounds.md#requirements): older data may hold a
 * plain string or a single object instead of a list, and a card must still show it rather than
 * break.
 */
export function requirementsOf(round: Round): RequirementView[] {
  const raw: unknown = round.requirements
  const list: unknown[] = Array.isArray(raw) ? raw : raw === null || raw === undefined ? [] : [raw]
  return list.flatMap((item, index): RequirementView[] => {
    if (typeof item === 'string') {
      return item.trim() ? [{ ...LEGACY, key: `legacy-${index}`, description: item }] : []
    }
    if (typeof item !== 'object' || item === null) return []
    const description = 'description' in item ? item.description : undefined
    if (typeof description !== 'string' || !description.trim()) return []
    const id = 'id' in item && typeof item.id === 'string' ? item.id : undefined
    const template = 'template' in item && isStoredFile(item.template) ? item.template : null
    const kind = 'kind' in item && isKind(item.kind) ? item.kind : LEGACY.kind
    const required = 'required' in item && typeof item.required === 'boolean' ? item.required : true
    const fileTypes =
      'fileTypes' in item && Array.isArray(item.fileTypes)
        ? item.fileTypes.filter(isExtension)
        : LEGACY.fileTypes
    const maxSizeMb =
      'maxSizeMb' in item && typeof item.maxSizeMb === 'number' ? item.maxSizeMb : LEGACY.maxSizeMb
    return [
      {
        key: id ?? `legacy-${index}`,
        id,
        description,
        template,
        kind,
        required,
        fileTypes,
        maxSizeMb,
      },
    ]
  })
}

/** A round's prizes, one per entry; a single string from older data is read one per line. */
export function prizesOf(round: Round): string[] {
  const raw: unknown = round.prizes
  const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split('\n') : []
  return list.filter((p): p is string => typeof p === 'string' && p.trim() !== '')
}
