import type { LiveTopic } from '@hackathon/contract'

interface Entry {
  value: unknown
  topics: readonly LiveTopic[]
  computedAt: number
  /** A change to one of its topics committed after it was computed. */
  dirty: boolean
  /** A re-announcement of its topics is scheduled (see `get`). */
  announced: boolean
}

/**
 * Figures that cost a scan of a large table (list totals, dashboard statistics) computed once and
 * reused until the tables they read change (docs/decisions/015-performance.md). Changes arrive
 * from the database's change notifications (every instance's writes) and from this instance's own
 * write requests. A staff member's own change clears everything at once (they see what they did);
 * other changes mark entries stale, and a stale entry is recomputed at most once per `minAgeMs`,
 * so a registration surge cannot turn every staff request into a full count. When a stale figure
 * is served, its topics are announced again once the figure may be recomputed (`announce`, wired to
 * the live dashboards' event streams), so a live screen never stays on it.
 */
export function createSnapshotCache({
  minAgeMs,
  maxAgeMs = 60_000,
  maxEntries = 1000,
  announce = () => {},
  now = Date.now,
}: {
  minAgeMs: number
  maxAgeMs?: number
  maxEntries?: number
  announce?: (topics: readonly LiveTopic[]) => void
  now?: () => number
}) {
  const entries = new Map<string, Entry>()
  const pending = new Map<string, Promise<unknown>>()
  /** Bumped by every change, so a computation that overlapped one is stored as stale. */
  let generation = 0
  /** Bumped by `clear`: a computation that overlapped one is not kept at all. */
  let epoch = 0
  const timers = new Set<NodeJS.Timeout>()

  async function compute<T>(key: string, topics: readonly LiveTopic[], run: () => Promise<T>) {
    const inFlight = pending.get(key)
    if (inFlight) return inFlight as Promise<T>
    const startedAt = now()
    const startedGeneration = generation
    const startedEpoch = epoch
    const promise = run()
      .then((value) => {
        if (epoch !== startedEpoch) return value
        if (entries.size >= maxEntries && !entries.has(key))
          entries.delete(entries.keys().next().value!)
        entries.set(key, {
          value,
          topics,
          computedAt: startedAt,
          dirty: generation !== startedGeneration,
          announced: false,
        })
        return value
      })
      .finally(() => {
        if (pending.get(key) === promise) pending.delete(key)
      })
    pending.set(key, promise)
    return promise
  }

  return {
    /** The figure under `key`, which reads the tables of `topics`, computed by `run` when needed. */
    async get<T>(key: string, topics: readonly LiveTopic[], run: () => Promise<T>): Promise<T> {
      const entry = entries.get(key)
      if (!entry) return compute(key, topics, run)
      const age = now() - entry.computedAt
      if (age >= maxAgeMs || (entry.dirty && age >= minAgeMs)) return compute(key, topics, run)
      if (entry.dirty && !entry.announced) {
        entry.announced = true
        const timer = setTimeout(() => {
          timers.delete(timer)
          announce(entry.topics)
        }, minAgeMs - age)
        timer.unref()
        timers.add(timer)
      }
      return entry.value as T
    },

    /** Tables of `topics` changed: their figures are stale. */
    invalidate(topics: readonly LiveTopic[]): void {
      generation++
      for (const entry of entries.values())
        if (entry.topics.some((t) => topics.includes(t))) entry.dirty = true
    },

    /** Forget everything (a staff member's own change: they must see it at once). */
    clear(): void {
      generation++
      epoch++
      entries.clear()
      pending.clear()
    },

    stop(): void {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}

export type SnapshotCache = ReturnType<typeof createSnapshotCache>
