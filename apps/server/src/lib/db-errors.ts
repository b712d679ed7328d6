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
