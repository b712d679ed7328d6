import type { Role } from '@hackathon/contract'

/**
 * The signed-in staff member or participant from GET /api/auth/user.
 * Declared here only until the server's auth module adds its schema to packages/contract
 * (STYLE.md item 2); then this becomes `z.infer` of that schema.
 */
export interface User {
  id: string
  email: string
  name: string
  role: Role
}
