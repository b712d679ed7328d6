import type { StaffRole } from '@hackathon/contract'

export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  admin: 'Admin',
  jury: 'Jury',
}
