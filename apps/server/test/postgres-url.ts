/** The same server and credentials as `url`, on another database. */
export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** A connection for creating and dropping databases: the maintenance database `postgres`. */
export const adminUrl = (url: string) => databaseUrlFor(url, 'postgres')
