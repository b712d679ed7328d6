import { eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { registrationKeys } from '../../db/schema/index.js'

/** A day: a retry after a lost answer comes within seconds; the form makes a new key per attempt. */
export const REGISTRATION_KEY_HOURS = 24

export type RegistrationKey = { key: string; requestHash: string }

/** The registration a key got, with the hash of what was sent with it; undefined when unknown. */
export async function findRegistrationKey(db: Db, key: string) {
  const [row] = await db
    .select({
      requestHash: registrationKeys.requestHash,
      registrationId: registrationKeys.registrationId,
    })
    .from(registrationKeys)
    .where(eq(registrationKeys.key, key))
  return row
}

/**
 * Records the keys of registrations in the transaction that registers them. No `on conflict`: a
 * key already taken fails the transaction, and the caller answers from the key's owner.
 */
export async function insertRegistrationKeys(
  db: Db,
  rows: (RegistrationKey & { registrationId: string })[],
) {
  if (rows.length > 0) await db.insert(registrationKeys).values(rows)
}

/** Keys over a day old, deleted with the hourly sweep. */
export async function sweepRegistrationKeys(db: Db) {
  await db
    .delete(registrationKeys)
    .where(
      lt(
        registrationKeys.createdAt,
        sql`now() - make_interval(hours => ${REGISTRATION_KEY_HOURS})`,
      ),
    )
}
