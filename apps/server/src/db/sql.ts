import { sql, type AnyColumn, type SQL } from 'drizzle-orm'

/** A duration for the database clock: `now() - ${msInterval(ms)}`. */
export const msInterval = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`

/**
 * A `LIKE` pattern matching `fragment` anywhere, lower-cased: `%`, `_` and `\` typed by a person
 * are searched for, not treated as wildcards.
 */
export const containsPattern = (fragment: string) =>
  `%${fragment.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The new `updated_at` of a row whose `updated_at` is its version (an applicant's, which the edit
 * form sends back): the database clock, yet always at least a millisecond past the old value, so
 * the version, which clients see to the millisecond, changes with every write and never goes back
 * (a transaction that waited for the row lock may have started before the write it waited for).
 */
export const nextVersion = (column: SQL | AnyColumn) =>
  sql`greatest(now(), ${column} + interval '1 millisecond')`

/**
 * Constant strings as a list of SQL literals, for `in (...)` and check constraints: a rule's
 * values come from one home (the contract) and the statement reads as if they were written in it.
 * Only for constants of the code, never for input.
 */
export const literalList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))
