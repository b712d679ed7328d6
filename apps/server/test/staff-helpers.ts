import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { StaffRole } from '@hackathon/contract'
import type { Db } from '../src/db/client.js'
import { hashPassword } from '../src/lib/secrets.js'
import * as staffRepo from '../src/modules/staff/staff.repo.js'

/** A staff account written straight to the database, for tests that need one to exist. */
export async function addStaff(
  db: Db,
  {
    email,
    password,
    role,
    name,
  }: { email: string; password: string; role: StaffRole; name?: string },
) {
  const row = await staffRepo.insertIfNew(db, {
    email,
    name: name ?? email.split('@')[0]!,
    role,
    passwordHash: await hashPassword(password),
  })
  if (!row) throw new Error(`staff ${email} exists already`)
  return row
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'hk_session')
  if (!cookie) throw new Error(`no session cookie in the answer (${res.statusCode} ${res.body})`)
  return `hk_session=${cookie.value}`
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  })
  if (res.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`)
  return sessionCookieOf(res)
}

/** A fresh staff account of `role`, signed in: its session cookie. */
export async function signedInStaff(
  app: FastifyInstance,
  db: Db,
  role: StaffRole,
): Promise<string> {
  const email = `${role}.${Math.random().toString(36).slice(2, 10)}@example.org`
  await addStaff(db, { email, password: `${role} password`, role })
  return signIn(app, email, `${role} password`)
}
