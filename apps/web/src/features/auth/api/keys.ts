/**
 * Query keys of the auth feature. Each key is also its GET path
 * (docs/product/api.md#how-the-web-app-calls).
 */
export const authKeys = {
  user: () => ['/api/auth/user'] as const,
  options: () => ['/api/auth/options'] as const,
}
