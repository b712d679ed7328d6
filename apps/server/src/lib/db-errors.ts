/** The PostgreSQL error behind a driver or Drizzle error, if any (both drivers use these fields). */
function pgErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e
  }
  return undefined
}

/** A unique constraint was violated (optionally: this one). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error)
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint)
}

/** Errors raised by the PostgreSQL connections (db/connection-guard.ts marks them). */
const fromDatabase = new WeakSet<object>()

/** Marks `error` as raised by a database connection or query, so its network codes count. */
export function markDatabaseError(error: unknown): void {
  if (error && typeof error === 'object') fromDatabase.add(error)
}

/** Errors of the network under a connection (Node's codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** What node-postgres, pg-pool and the connection guard say when a connection fails or stalls. */
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|timeout expired|The database does not answer|The database did not answer|canceling statement due to statement timeout/i

/**
 * The database could not be reached or did not answer in time: a stalled, refused or restarting
 * database, not a fault of the request nor of the code. Such a request is answered 503 with
 * Retry-After (issue 21, docs/decisions/021-database-faults.md). PostgreSQL's classes: 08
 * (connection exception), 57P01-57P03 (shutdown, cannot connect now), 53300 (too many
 * connections), and 57014 when it is the statement timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // A network error of another client (GitHub, SMTP) is not the database's: only the errors the
  // database's connections raised are judged by their network code and message.
  let marked = false
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 8;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : ''
    const message = typeof e.message === 'string' ? e.message : ''
    marked ||= fromDatabase.has(e)
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true
    if (e instanceof Error && e.name === 'DatabaseUnavailableError') return true
    if (marked && (NETWORK_CODES.has(code) || UNAVAILABLE_MESSAGES.test(message))) return true
  }
  return false
}
