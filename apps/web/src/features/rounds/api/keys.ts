/**
 * Query keys of the rounds feature. A key is also its GET path
 * (docs/product/api.md#how-the-web-app-calls), which the dashboards read too; every round mutation
 * invalidates `all`, so they refresh with this page.
 */
export const roundKeys = {
  all: ['/api/rounds'] as const,
  list: () => [...roundKeys.all] as const,
}
