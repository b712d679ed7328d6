/**
 * Polls `probe` until it gives a value (not undefined), or fails after `ms` naming `what`:
 * for work that background jobs finish a little later.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  ms = 20_000,
): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
