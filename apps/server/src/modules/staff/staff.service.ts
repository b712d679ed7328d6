import type { CreateStaffInput, StaffMember, StaffWithPassword } from '@hackathon/contract'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { generatePassword, hashPassword } from '../../lib/secrets.js'
import { AppError } from '../../plugins/app-error.js'
import { eq, sql } from 'drizzle-orm'
import { staffUsers } from '../../db/schema/index.js'
import * as repo from './staff.repo.js'

/** What leaves the server about a staff member: never the password hash. */
export function toStaffMember(row: repo.StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    hasPassword: row.passwordHash !== null,
    affiliation: row.affiliation,
    createdAt: row.createdAt.toISOString(),
  }
}

export type StaffService = ReturnType<typeof createStaffService>

export interface StaffServiceDeps {
  db: Db
  /** Queues the invitation email inside the transaction that adds the account (none from the CLI). */
  invite?: (tx: Db, member: StaffMember, temporaryPassword: string | undefined) => Promise<unknown>
}

export function createStaffService({ db, invite }: StaffServiceDeps) {
  async function mustFind(id: string): Promise<repo.StaffRow> {
    const row = await repo.findById(db, id)
    if (!row) throw new AppError(404, 'Staff member not found')
    return row
  }

  return {
    async list(): Promise<StaffMember[]> {
      return (await repo.list(db)).map(toStaffMember)
    },

    /** Adds an admin or jury member; without a password, generates one to hand over once. */
    async create(input: CreateStaffInput): Promise<StaffWithPassword> {
      const temporaryPassword = input.password ? undefined : generatePassword()
      const passwordHash = await hashPassword(input.password ?? temporaryPassword!)
      const staff = await db.transaction(async (tx) => {
        const row = await repo.insertIfNew(tx, {
          email: input.email,
          name: input.name,
          role: input.role,
          passwordHash,
          affiliation: input.affiliation || null,
        })
        if (!row) throw new AppError(409, 'A staff member with this email already exists')
        const member = toStaffMember(row)
        await invite?.(tx, member, temporaryPassword)
        return member
      })
      return { staff, ...(temporaryPassword ? { temporaryPassword } : {}) }
    },

    /** The affiliation (a college) a jury member declares: assignment avoids its submissions. */
    async setAffiliation(id: string, affiliation: string | null): Promise<StaffMember> {
      await mustFind(id)
      const [row] = await db
        .update(staffUsers)
        .set({ affiliation: affiliation || null, updatedAt: sql`now()` })
        .where(eq(staffUsers.id, id))
        .returning()
      return toStaffMember(row!)
    },

    /** A new generated password; every session of the account ends. */
    async resetPassword(id: string): Promise<StaffWithPassword> {
      const row = await mustFind(id)
      const temporaryPassword = generatePassword()
      const passwordHash = await hashPassword(temporaryPassword)
      await db.transaction(async (tx) => {
        await repo.setPasswordHash(tx, id, passwordHash)
        await repo.deleteSessionsOf(tx, id)
      })
      return { staff: toStaffMember({ ...row, passwordHash }), temporaryPassword }
    },

    /** Deactivates an account and ends its sessions; the last active admin stays. */
    async deactivate(id: string): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const target = await repo.findById(tx, id)
        if (!target) throw new AppError(404, 'Staff member not found')
        if (target.role === 'admin' && target.active) {
          const admins = await repo.lockActiveAdmins(tx)
          if (admins.length <= 1)
            throw new AppError(409, 'The last active admin cannot be deactivated')
        }
        const row = await repo.setActive(tx, id, false)
        await repo.deleteSessionsOf(tx, id)
        return toStaffMember(row!)
      })
    },

    async activate(id: string): Promise<StaffMember> {
      await mustFind(id)
      const row = await repo.setActive(db, id, true)
      return toStaffMember(row!)
    },
  }
}

export const DEFAULT_ADMIN_EMAIL = 'admin@hackstage.local'

/**
 * The first admin (issue #3): from ADMIN_EMAIL/ADMIN_PASSWORD when both are set and that account
 * does not exist yet; otherwise, when there is no admin at all, one with a generated password that
 * is printed once. Safe when several instances start at once: the email is unique.
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Config,
  print: (text: string) => void,
): Promise<void> {
  if (config.adminEmail && config.adminPassword) {
    if (await repo.findByEmail(db, config.adminEmail)) return
    const created = await repo.insertIfNew(db, {
      email: config.adminEmail.toLowerCase(),
      name: 'Administrator',
      role: 'admin',
      passwordHash: await hashPassword(config.adminPassword),
    })
    if (created) print(`Created the admin account ${created.email} (password from ADMIN_PASSWORD).`)
    return
  }
  if ((await repo.countActiveAdmins(db)) > 0) return
  const email = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase()
  const password = generatePassword()
  const created = await repo.insertIfNew(db, {
    email,
    name: 'Administrator',
    role: 'admin',
    passwordHash: await hashPassword(password),
  })
  if (!created) return
  print(
    [
      '',
      '  ┌──────────────────────────────────────────────────────────────┐',
      '  │ First start: an admin account was created.                    │',
      '  └──────────────────────────────────────────────────────────────┘',
      `  Sign in at ${config.publicUrl}/admin/login`,
      `    email:    ${email}`,
      `    password: ${password}`,
      '  This password is shown only this once. Change it after signing in',
      '  (user menu > Change Password), or set ADMIN_EMAIL and ADMIN_PASSWORD.',
      '',
    ].join('\n'),
  )
}
