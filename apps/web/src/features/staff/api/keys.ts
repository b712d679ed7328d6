/**
 * Query keys of the staff feature. A key is also its GET path (SPEC.md section 7); every
 * mutation invalidates `all`, which prefixes every staff query.
 */
export const staffKeys = {
  all: ['/api/staff'] as const,
  list: () => [...staffKeys.all] as const,
}
