/**
 * Concurrency tests (issue 20): a burst of calls started together, none waiting for another, as
 * an attacker with a few hundred connections sends them. A limit that is read, compared and then
 * written in separate steps lets a burst through; one counted atomically does not.
 */

export interface BurstResult<T> {
  /** Every answer, in the order the calls were made. */
  answers: T[]
  /** How many answers had each status, e.g. `{ 401: 5, 429: 295 }`. */
  statuses: Record<number, number>
  /** How many answers had `status`. */
  count(status: number): number
}

/** The HTTP status of an answer; 0 for anything else (a service call's result). */
const statusOf = (answer: unknown): number => {
  const { statusCode, status } = (answer ?? {}) as { statusCode?: number; status?: number }
  return statusCode ?? status ?? 0
}

/**
 * Starts `n` calls at once (`call(i)` for i = 0 … n-1) and waits for all of them. Works with
 * `app.inject()` answers (`statusCode`) and `fetch` ones (`status`).
 */
export async function burst<T>(
  n: number,
  call: (i: number) => Promise<T>,
): Promise<BurstResult<T>> {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => call(i)))
  const statuses: Record<number, number> = {}
  for (const answer of answers) statuses[statusOf(answer)] = (statuses[statusOf(answer)] ?? 0) + 1
  return { answers, statuses, count: (status) => statuses[status] ?? 0 }
}

/** A distinct address for call `i`, from the range kept for benchmarks (198.18.0.0/16). */
export const addressOf = (i: number) => `198.18.${Math.floor(i / 256) % 256}.${i % 256}`
