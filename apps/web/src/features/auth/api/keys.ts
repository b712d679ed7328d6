/** Query keys of the auth feature. Each key is also its GET path (SPEC.md section 7). */
export const authKeys = {
  user: () => ['/api/auth/user'] as const,
  options: () => ['/api/auth/options'] as const,
}
