import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). @node-rs/argon2 hashes
 * with argon2id by default; the stored string carries its parameters, so raising them later
 * still verifies old hashes.
 */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, ARGON2)

/** Never throws: a malformed stored hash is simply a wrong password. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined
/**
 * A hash to verify against when there is no account, so that an unknown email costs the same
 * time as a wrong password and the answer's timing tells nothing.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}

/** A password for a new or reset account: 16 characters, 96 random bits, readable. */
export const generatePassword = () => randomBytes(12).toString('base64url')

/** An opaque bearer or cookie token: 256 random bits. */
export const newToken = () => randomBytes(32).toString('base64url')

/** Tokens are stored as their sha256: a leaked table signs no one in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
