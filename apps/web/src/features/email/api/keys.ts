/**
 * Query keys of the email feature. Each key is also its GET path
 * (docs/product/api.md#how-the-web-app-calls). The two share no prefix of their own ('/api/admin'
 * holds other features' calls), so a mutation invalidates exactly the key it changed.
 */
export const emailKeys = {
  settings: () => ['/api/admin/email-settings'] as const,
  log: () => ['/api/admin/email-log'] as const,
}
