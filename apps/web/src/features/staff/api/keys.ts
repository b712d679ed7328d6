/**
 * Query keys of the staff feature. A key is also its GET path
 * (docs/product/api.md#how-the-web-app-calls); every mutation invalidates `all`, which prefixes
 * every staff query.
 */
export const staffKeys = {
  all: ['/api/staff'] as const,
  list: () => [...staffKeys.all] as const,
}
