import { LIVE_TOPICS, type LiveTopic } from '@hackathon/contract'
import type { Database } from '../../db/client.js'
import { AppError } from '../../plugins/app-error.js'

/** The channel the database triggers notify on (migration 0007). */
export const LIVE_CHANNEL = 'hackstage_changes'

export type LiveSubscriber = {
  /** Topics that changed (after their transaction committed). */
  send(topics: readonly LiveTopic[]): void
  /** The server is shutting down: finish the stream. */
  end(): void
}

export type LiveHub = ReturnType<typeof createLiveHub>

const isTopic = (payload: string): payload is LiveTopic =>
  (LIVE_TOPICS as readonly string[]).includes(payload)

/**
 * Fans the database's change notifications out to this instance's open event streams. The events
 * travel through the database (LISTEN/NOTIFY), so a change made on any instance reaches the
 * dashboards connected to every other; when the listening connection had to be reopened, every
 * topic is sent, since notifications may have been missed meanwhile.
 */
export function createLiveHub({
  database,
  maxClients,
}: {
  database: Database
  maxClients: number
}) {
  const subscribers = new Set<LiveSubscriber>()
  const watchers = new Set<(topics: readonly LiveTopic[]) => void>()
  const publish = (topics: readonly LiveTopic[]) => {
    for (const watcher of watchers) watcher(topics)
    for (const subscriber of subscribers) subscriber.send(topics)
  }
  let stopListening: (() => Promise<void>) | undefined
  return {
    async start(): Promise<void> {
      stopListening = await database.listen(
        LIVE_CHANNEL,
        (payload) => {
          if (isTopic(payload)) publish([payload])
        },
        () => publish(LIVE_TOPICS),
      )
    },

    subscribe(subscriber: LiveSubscriber): () => void {
      if (subscribers.size >= maxClients)
        throw new AppError(
          503,
          'Too many live connections on this server. Please try again later.',
          undefined,
          {
            'retry-after': '30',
          },
        )
      subscribers.add(subscriber)
      return () => subscribers.delete(subscriber)
    },

    /** Calls `watcher` with every change this instance hears of (the server's own caches). */
    watch(watcher: (topics: readonly LiveTopic[]) => void): void {
      watchers.add(watcher)
    },

    /** Tells this instance's event streams that `topics` are worth fetching again. */
    announce(topics: readonly LiveTopic[]): void {
      for (const subscriber of subscribers) subscriber.send(topics)
    },

    get size(): number {
      return subscribers.size
    },

    async stop(): Promise<void> {
      for (const subscriber of subscribers) subscriber.end()
      subscribers.clear()
      await stopListening?.()
    },
  }
}
