import type { Round, StoredFile } from '@hackathon/contract'

export interface RequirementView {
  key: string
  description: string
  template: StoredFile | null
}

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
 * A round's requirements as a list. SPEC.md section 3: older data may hold a plain string or a
 * single object instead of a list, and a card must still show it rather than break.
 */
export function requirementsOf(round: Round): RequirementView[] {
  const raw: unknown = round.requirements
  const list: unknown[] = Array.isArray(raw) ? raw : raw === null || raw === undefined ? [] : [raw]
  return list.flatMap((item, index): RequirementView[] => {
    if (typeof item === 'string') {
      return item.trim() ? [{ key: `legacy-${index}`, description: item, template: null }] : []
    }
    if (typeof item !== 'object' || item === null) return []
    const description = 'description' in item ? item.description : undefined
    if (typeof description !== 'string' || !description.trim()) return []
    const id = 'id' in item && typeof item.id === 'string' ? item.id : `legacy-${index}`
    const template = 'template' in item && isStoredFile(item.template) ? item.template : null
    return [{ key: id, description, template }]
  })
}

/** A round's prizes, one per entry; a single string from older data is read one per line. */
export function prizesOf(round: Round): string[] {
  const raw: unknown = round.prizes
  const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split('\n') : []
  return list.filter((p): p is string => typeof p === 'string' && p.trim() !== '')
}
