import { parseArgs } from 'node:util'
import { createStaffInput, type StaffMember } from '@hackathon/contract'
import type { Db } from '../db/client.js'
import { AppError } from '../plugins/app-error.js'
import * as staffRepo from '../modules/staff/staff.repo.js'
import { createStaffService } from '../modules/staff/staff.service.js'

export const STAFF_USAGE = `Usage: npm run staff -- <command> [options]

Commands:
  list                                             every admin and jury member
  add --email E --role admin|jury [--name N] [--password P]
                                                   add an account (a password is generated when none is given)
  reset-password --email E                         generate a new password and end every session
  deactivate --email E                             deactivate an account (not the last active admin)
  activate --email E                               activate it again`

const describe = (s: StaffMember) =>
  `${s.email}  ${s.role}  ${s.active ? 'active' : 'deactivated'}  ${s.name}`

/** The staff command line, on an open database: what `npm run staff` runs. Returns the exit code. */
export async function runStaffCommand(
  argv: string[],
  db: Db,
  print: (line: string) => void,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
    },
  })
  const staff = createStaffService({ db })
  const byEmail = async () => {
    if (!values.email) throw new AppError(400, 'Give the account with --email')
    const row = await staffRepo.findByEmail(db, values.email)
    if (!row) throw new AppError(404, `No staff member with the email ${values.email}`)
    return row
  }
  try {
    switch (positionals[0]) {
      case 'list':
        for (const member of await staff.list()) print(describe(member))
        return 0
      case 'add': {
        const parsed = createStaffInput.safeParse({
          email: values.email,
          role: values.role,
          name: values.name ?? values.email?.split('@')[0],
          password: values.password,
        })
        if (!parsed.success) {
          print(
            parsed.error.issues
              .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
              .join('\n'),
          )
          return 1
        }
        const created = await staff.create(parsed.data)
        print(`Added ${describe(created.staff)}`)
        if (created.temporaryPassword) print(`Password (shown once): ${created.temporaryPassword}`)
        return 0
      }
      case 'reset-password': {
        const reset = await staff.resetPassword((await byEmail()).id)
        print(`New password for ${reset.staff.email} (shown once): ${reset.temporaryPassword}`)
        return 0
      }
      case 'deactivate':
        print(`Deactivated ${describe(await staff.deactivate((await byEmail()).id))}`)
        return 0
      case 'activate':
        print(`Activated ${describe(await staff.activate((await byEmail()).id))}`)
        return 0
      default:
        print(STAFF_USAGE)
        return positionals[0] === 'help' ? 0 : 1
    }
  } catch (error) {
    if (error instanceof AppError) {
      print(error.message)
      return 1
    }
    throw error
  }
}
