import { createHash } from 'node:crypto'

export type Judge = { id: string; affiliation: string | null }
export type Candidate = { id: string; college: string }

/** Colleges compare without case, spacing or punctuation: 'IIT  Delhi' is 'iit delhi'. */
export const sameCollege = (a: string | null, b: string) =>
  a !== null &&
  a.trim() !== '' &&
  a
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim() ===
    b
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()

/** A fixed pseudo-random order that depends only on the ids (no Math.random: repeatable). */
const tieBreak = (...ids: string[]) => createHash('sha256').update(ids.join('|')).digest('hex')

/**
 * Assigns each submission up to `perSubmission` judges, never one of the submitter's college nor
 * one who declared a conflict. Most constrained submissions first (fewest eligible judges), each
 * to the least-loaded eligible judges; then a repair pass moves assignments from the most to the
 * least loaded judge while that narrows the gap. Ties are broken by a hash of the ids, so the
 * same input always gives the same result, whatever order it arrives in.
 */
export function assignReviewers(
  candidates: readonly Candidate[],
  judges: readonly Judge[],
  perSubmission: number,
  conflicts: ReadonlySet<string> = new Set(), // `${submissionId}:${judgeId}`
): Map<string, string[]> {
  const sortedJudges = [...judges].sort((a, b) => (a.id < b.id ? -1 : 1))
  const eligible = new Map(
    candidates.map((c) => [
      c.id,
      sortedJudges.filter(
        (j) => !sameCollege(j.affiliation, c.college) && !conflicts.has(`${c.id}:${j.id}`),
      ),
    ]),
  )
  const load = new Map(sortedJudges.map((j) => [j.id, 0]))
  const assigned = new Map<string, string[]>()
  const order = [...candidates].sort(
    (a, b) =>
      eligible.get(a.id)!.length - eligible.get(b.id)!.length ||
      (tieBreak(a.id) < tieBreak(b.id) ? -1 : 1),
  )
  for (const c of order) {
    const picks = [...eligible.get(c.id)!]
      .sort(
        (a, b) =>
          load.get(a.id)! - load.get(b.id)! ||
          (tieBreak(c.id, a.id) < tieBreak(c.id, b.id) ? -1 : 1),
      )
      .slice(0, perSubmission)
    for (const j of picks) load.set(j.id, load.get(j.id)! + 1)
    assigned.set(
      c.id,
      picks.map((j) => j.id),
    )
  }

  // Repair: move one review from the most to the least loaded judge where that is allowed.
  for (let guard = 0; guard < candidates.length * perSubmission; guard++) {
    const byLoad = [...sortedJudges].sort(
      (a, b) => load.get(a.id)! - load.get(b.id)! || (a.id < b.id ? -1 : 1),
    )
    const low = byLoad[0]
    const high = byLoad.at(-1)
    if (!low || !high || load.get(high.id)! - load.get(low.id)! <= 1) break
    const movable = order.find((c) => {
      const list = assigned.get(c.id)!
      return (
        list.includes(high.id) &&
        !list.includes(low.id) &&
        eligible.get(c.id)!.some((j) => j.id === low.id)
      )
    })
    if (!movable) break
    const list = assigned.get(movable.id)!
    list[list.indexOf(high.id)] = low.id
    load.set(high.id, load.get(high.id)! - 1)
    load.set(low.id, load.get(low.id)! + 1)
  }
  return assigned
}
