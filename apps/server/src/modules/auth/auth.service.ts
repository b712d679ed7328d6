import type { StaffUser, ChangePasswordInput, LoginInput } from '@hackathon/contract'
import { LOGIN_MESSAGES } from '@hackathon/contract'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import {
  dummyPasswordHash,
  hashPassword,
  hashToken,
  newToken,
  verifyPassword,
} from '../../lib/secrets.js'
import { AppError } from '../../plugins/app-error.js'
import { clearLimit, takeSlots, type Limit } from '../limits/limits.service.js'
import * as staffRepo from '../staff/staff.repo.js'
import * as repo from './auth.repo.js'

export interface StaffActor extends StaffUser {
  kind: 'staff'
  sessionId: string
}

export interface IssuedSession {
  token: string
  user: StaffUser
}

export type AuthService = ReturnType<typeof createAuthService>

export function createAuthService({ db, config }: { db: Db; config: Config }) {
  /**
   * Failed sign-ins allowed: per account from one address, per address, and a slower, larger
   * ceiling per account from everywhere. The owner's own address is not locked by failures
   * elsewhere until that ceiling (docs/decisions/018-atomic-limits-and-lockout.md).
   */
  const loginLimits = (email: string, address: string) => {
    const account = email.toLowerCase()
    const { windowMs } = config.loginLimits
    return {
      pair: {
        key: `login:account-address:${account}:${address}`,
        max: config.loginLimits.perAccount,
        windowMs,
      },
      address: { key: `login:address:${address}`, max: config.loginLimits.perAddress, windowMs },
      account: {
        key: `login:account:${account}`,
        max: config.loginLimits.perAccountPerHour,
        windowMs: 3_600_000,
      },
    } satisfies Record<string, Limit>
  }

  /** A new random token for `userId`; only its hash is stored. Rotated at every sign-in. */
  async function issueSession(tx: Db, user: StaffUser): Promise<IssuedSession> {
    const token = newToken()
    await repo.insertSession(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + config.sessions.absoluteMs),
    })
    return { token, user }
  }

  return {
    issueSession,

    /**
     * Email and password sign-in. An unknown email, a wrong password and a deactivated account get
     * the same answer after the same work (an argon2 verification). Every check takes a slot of the
     * limits first, in the statement that counts it, so no burst gets more checks than the limits
     * allow; a success gives its slots back and forgets the failures from its address.
     */
    async login(input: LoginInput, address: string): Promise<IssuedSession> {
      const limits = loginLimits(input.email, address)
      const slots = await takeSlots(
        db,
        [limits.pair, limits.address, limits.account],
        'Too many failed sign-in attempts. Please wait a few minutes and try again.',
      )
      const user = await staffRepo.findByEmail(db, input.email)
      const passwordOk = await verifyPassword(
        user?.passwordHash ?? (await dummyPasswordHash()),
        input.password,
      )
      if (!user || !user.passwordHash || !user.active || !passwordOk)
        throw new AppError(401, LOGIN_MESSAGES.invalid)
      await slots.release()
      await clearLimit(db, limits.pair.key)
      return issueSession(db, { id: user.id, email: user.email, name: user.name, role: user.role })
    },

    /** The signed-in staff member behind a session cookie, or null. */
    async resolveSession(token: string): Promise<StaffActor | null> {
      const session = await repo.findLiveSession(db, hashToken(token), config.sessions.idleMs)
      if (!session) return null
      if (session.needsTouch) await repo.touchSession(db, session.id)
      return { kind: 'staff', sessionId: session.id, ...session.user }
    },

    /**
     * Which of these sessions still resolve: what keeps a live event stream open. Asking does not
     * count as activity (an open dashboard is not someone using it), so a session idles out as usual.
     */
    liveSessionIds: (ids: string[]) => repo.liveSessionIds(db, ids, config.sessions.idleMs),

    async logout(token: string): Promise<void> {
      await repo.deleteSession(db, hashToken(token))
    },

    /**
     * Ends every session of the user, this one included, and hands this browser a fresh one: a
     * stolen cookie dies with the old password, the person changing it stays signed in.
     */
    async changePassword(actor: StaffActor, input: ChangePasswordInput): Promise<IssuedSession> {
      const user = await staffRepo.findById(db, actor.id)
      if (!user?.passwordHash) {
        throw new AppError(
          400,
          'This account signs in with single sign-on and has no password to change',
        )
      }
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError(400, 'Current password is incorrect')
      }
      const passwordHash = await hashPassword(input.newPassword)
      return db.transaction(async (tx) => {
        await staffRepo.setPasswordHash(tx, user.id, passwordHash)
        await staffRepo.deleteSessionsOf(tx, user.id)
        return issueSession(tx, {
          id: actor.id,
          email: actor.email,
          name: actor.name,
          role: actor.role,
        })
      })
    },

    /** Signs in the active staff member with this email after single sign-on, or refuses. */
    async loginBySso(email: string): Promise<IssuedSession | null> {
      const user = await staffRepo.findByEmail(db, email)
      if (!user || !user.active) return null
      return issueSession(db, { id: user.id, email: user.email, name: user.name, role: user.role })
    },

    async sweepExpired(): Promise<void> {
      await repo.deleteExpiredSessions(db, config.sessions.idleMs)
      await repo.deleteExpiredSsoStates(db)
    },
  }
}
