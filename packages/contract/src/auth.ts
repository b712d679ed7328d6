import { z } from 'zod'
import { MAX } from './common.js'
import { LIMITS, ROLES, STAFF_ROLES } from './constants.js'

export const staffRole = z.enum(STAFF_ROLES)

/** POST /api/auth/login: both filled in, nothing more (docs/product/sign-in.md#staff). */
export const loginInput = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .max(MAX.email, 'Email address is too long'),
    password: z.string().min(1, 'Password is required').max(MAX.password, 'Password is too long'),
  })
  .meta({ id: 'LoginRequest' })
export type LoginInput = z.infer<typeof loginInput>

/** POST /api/auth/login: the staff member signed in. */
export const staffUser = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: staffRole,
  })
  .meta({ id: 'StaffUser' })
export type StaffUser = z.infer<typeof staffUser>

/**
 * GET /api/auth/user: who is signed in, a staff member by the session cookie or else an applicant
 * by a bearer token (role applicant), so the applicant gets the applicant sidebar.
 */
export const currentUser = staffUser.extend({ role: z.enum(ROLES) }).meta({ id: 'CurrentUser' })
export type CurrentUser = z.infer<typeof currentUser>

export const PASSWORD_MESSAGES = {
  fillAll: 'Please fill in all fields',
  mismatch: 'New passwords do not match',
  tooShort: 'Password must be at least 6 characters long',
  changed: 'Password changed successfully',
  changeFailed: 'Failed to change password',
} as const

/** POST /api/change-password. */
export const changePasswordInput = z
  .object({
    currentPassword: z
      .string()
      .min(1, PASSWORD_MESSAGES.fillAll)
      .max(MAX.password, 'Password is too long'),
    newPassword: z
      .string()
      .min(1, PASSWORD_MESSAGES.fillAll)
      .min(LIMITS.passwordMin, PASSWORD_MESSAGES.tooShort)
      .max(MAX.password, 'Password is too long'),
  })
  .meta({ id: 'ChangePasswordRequest' })
export type ChangePasswordInput = z.infer<typeof changePasswordInput>

/**
 * The change-password dialog's checks, in their order
 * (docs/product/sign-in.md#changing-a-password): the first failing rule's message, or null when the
 * form may be sent.
 */
export function changePasswordFormError(form: {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}): string | null {
  if (!form.currentPassword || !form.newPassword || !form.confirmPassword)
    return PASSWORD_MESSAGES.fillAll
  if (form.newPassword !== form.confirmPassword) return PASSWORD_MESSAGES.mismatch
  if (form.newPassword.length < LIMITS.passwordMin) return PASSWORD_MESSAGES.tooShort
  return null
}

export const LOGIN_MESSAGES = {
  invalid: 'Invalid email or password',
  network: 'Something went wrong. Please try again.',
} as const

/** What the login page needs to know before it renders: is single sign-on offered? */
export const authOptions = z
  .object({ sso: z.object({ enabled: z.boolean(), label: z.string() }) })
  .meta({ id: 'AuthOptions' })
export type AuthOptions = z.infer<typeof authOptions>
