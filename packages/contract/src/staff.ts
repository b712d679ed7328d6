import { z } from 'zod'
import { staffRole } from './auth.js'
import { MAX, emailField, isoDateTime } from './common.js'
import { LIMITS } from './constants.js'

export const staffMember = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: staffRole,
    active: z.boolean(),
    hasPassword: z.boolean(),
    /** A jury member's declared affiliation (a college): never assigned its submissions. */
    affiliation: z.string().nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'StaffMember' })
export type StaffMember = z.infer<typeof staffMember>

export const staffList = z.object({ staff: z.array(staffMember) }).meta({ id: 'StaffList' })
export type StaffList = z.infer<typeof staffList>

/** POST /api/staff. Without a password, one is generated and shown once to the admin. */
export const createStaffInput = z
  .object({
    email: emailField('Valid email is required'),
    name: z.string().trim().min(1, 'Name is required').max(MAX.name, 'Name is too long'),
    role: staffRole,
    password: z
      .string()
      .min(LIMITS.passwordMin, 'Password must be at least 6 characters long')
      .max(MAX.password, 'Password is too long')
      .optional(),
    affiliation: z.string().trim().max(200, 'Affiliation is too long').optional(),
  })
  .meta({ id: 'CreateStaffRequest' })

/** PATCH /api/staff/{id} (admin): the affiliation a jury member declares. */
export const staffProfileRequest = z
  .object({
    affiliation: z.union([z.string().trim().max(200, 'Affiliation is too long'), z.null()]),
  })
  .meta({ id: 'StaffProfileRequest' })
export type CreateStaffInput = z.infer<typeof createStaffInput>

/** A new or reset account: the generated password is in this one answer and nowhere else. */
export const staffWithPassword = z
  .object({ staff: staffMember, temporaryPassword: z.string().optional() })
  .meta({ id: 'StaffWithPassword' })
export type StaffWithPassword = z.infer<typeof staffWithPassword>
