import { sql } from 'drizzle-orm'

/** A duration for the database clock: `now() - ${msInterval(ms)}`. */
export const msInterval = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`

/**
 * A `LIKE` pattern matching `fragment` anywhere, lower-cased: `%`, `_` and `\` typed by a person
 * are searched for, not treated as wildcards.
 */
export const containsPattern = (fragment: string) =>
  `%${fragment.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
