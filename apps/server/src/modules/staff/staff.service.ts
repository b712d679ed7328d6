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

/** The first admin's generated password, kept in memory only while this process runs. */
export interface GeneratedAdmin {
  id: string
  email: string
  password: string
}

const resetCommand = (email: string) => `npm run staff -- reset-password --email ${email}`

function passwordBox(config: Config, admin: Omit<GeneratedAdmin, 'id'>, title: string): string[] {
  return [
    '',
    '  ┌──────────────────────────────────────────────────────────────┐',
    `  │ ${title.padEnd(61)}│`,
    '  └──────────────────────────────────────────────────────────────┘',
    `  Sign in at ${config.publicUrl}/admin/login`,
    `    email:    ${admin.email}`,
    `    password: ${admin.password}`,
  ]
}

/**
 * The first admin (issue #3): from ADMIN_EMAIL/ADMIN_PASSWORD when both are set and that account
 * does not exist yet; otherwise, when there is no admin at all, one with a generated password that
 * is printed, and returned so that the server can show it again while nobody has signed in with it
 * (firstAdminReminder). Safe when several instances start at once: the email is unique.
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Config,
  print: (text: string) => void,
): Promise<GeneratedAdmin | undefined> {
  if (config.adminEmail && config.adminPassword) {
    if (await repo.findByEmail(db, config.adminEmail)) return undefined
    const created = await repo.insertIfNew(db, {
      email: config.adminEmail.toLowerCase(),
      name: 'Administrator',
      role: 'admin',
      passwordHash: await hashPassword(config.adminPassword),
    })
    if (created) print(`Created the admin account ${created.email} (password from ADMIN_PASSWORD).`)
    return undefined
  }
  if ((await repo.countActiveAdmins(db)) > 0) return undefined
  const email = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase()
  const password = generatePassword()
  const passwordHash = await hashPassword(password)
  const created = await db.transaction(async (tx) => {
    const row = await repo.insertIfNew(tx, {
      email,
      name: 'Administrator',
      role: 'admin',
      passwordHash,
    })
    if (row) await repo.markFirstAdmin(tx, row.id)
    return row
  })
  if (!created) return undefined
  print(
    [
      ...passwordBox(config, { email, password }, 'First start: an admin account was created.'),
      '  Change it after signing in (user menu > Change Password), or set ADMIN_EMAIL and',
      '  ADMIN_PASSWORD. It is stored hashed: after a restart it cannot be shown again.',
      '',
    ].join('\n'),
  )
  return { id: created.id, email, password }
}

/**
 * What to print again about the first admin while nobody has signed in with its generated
 * password, or undefined. With the password still in memory (`generated`, the same run), the box
 * again; after a restart only its hash is left, so the way to set a new one. It is known to have
 * been used once a session of it is seen or its password or state changed (updated_at); then the
 * mark is removed and nothing is printed again (docs/decisions/028-first-install-and-console.md).
 */
export async function firstAdminReminder(
  db: Db,
  config: Config,
  generated?: GeneratedAdmin,
): Promise<string | undefined> {
  const id = await repo.markedFirstAdmin(db)
  if (!id) return undefined
  const admin = await repo.findById(db, id)
  const unused =
    admin?.active &&
    admin.updatedAt.getTime() === admin.createdAt.getTime() &&
    !(await repo.hasSession(db, admin.id))
  if (!admin || !unused) {
    await repo.unmarkFirstAdmin(db)
    return undefined
  }
  // The staff command opens the embedded database itself, so the server must be stopped first.
  const run = config.databaseUrl ? 'run' : 'stop the server and run'
  if (generated?.id === admin.id) {
    return [
      ...passwordBox(config, generated, 'Nobody has signed in as the first admin yet.'),
      `  Lost it later? To set a new one, ${run}:`,
      `    ${resetCommand(admin.email)}`,
      '',
    ].join('\n')
  }
  return [
    '',
    `  The first admin ${admin.email} has not signed in yet. Its password was shown at the`,
    `  first start only (it is stored hashed). To set a new one, ${run}:`,
    `    ${resetCommand(admin.email)}`,
    `  then sign in at ${config.publicUrl}/admin/login`,
    '',
  ].join('\n')
}
