import { LIVE_TOPICS, type LiveTopic } from '@hackathon/contract'
import type { Database } from '../../db/client.js'
import { AppError } from '../../plugins/app-error.js'

/** The channel the database triggers notify on (migration 0007). */
export const LIVE_CHANNEL = 'hackstage_changes'

export type LiveSubscriber = {
  /** Topics that changed (after their transaction committed). */
  send(topics: readonly LiveTopic[]): void
  /** The server is shutting down, or the stream's session ended: finish the stream. */
  end(): void
}

/** Whose stream it is: the staff session it was opened with, and its staff member. */
export type StreamOwner = { sessionId: string; userId: string }

export interface LiveLimits {
  /** Streams on this instance, in all. */
  max: number
  /** Streams of one session (one browser's tabs). */
  perSession: number
  /** Streams of one staff member, over all their sessions. */
  perPerson: number
  /** How often the sessions of open streams are checked; a stream ends with its session. */
  sessionCheckMs: number
}

export type LiveHub = ReturnType<typeof createLiveHub>

const isTopic = (payload: string): payload is LiveTopic =>
  (LIVE_TOPICS as readonly string[]).includes(payload)

const RETRY_AFTER = { 'retry-after': '30' }

/**
 * Fans the database's change notifications out to this instance's open event streams. The events
 * travel through the database (LISTEN/NOTIFY), so a change made on any instance reaches the
 * dashboards connected to every other; when the listening connection had to be reopened, every
 * topic is sent, since notifications may have been missed meanwhile.
 *
 * Streams are limited per session, per staff member and in all, so that one person's thousand
 * streams cannot take everyone's places, and each lasts no longer than its session: every
 * `sessionCheckMs` the sessions of open streams are asked for in one query (`liveSessions`), and
 * the streams of those that no longer resolve (signed out, deactivated, expired) are ended.
 */
export function createLiveHub({
  database,
  limits,
  liveSessions,
  onCheckError = () => {},
}: {
  database: Database
  limits: LiveLimits
  /** Which of these session ids still resolve. */
  liveSessions: (sessionIds: string[]) => Promise<Set<string>>
  onCheckError?: (err: unknown) => void
}) {
  const subscribers = new Map<LiveSubscriber, StreamOwner>()
  const watchers = new Set<(topics: readonly LiveTopic[]) => void>()
  const publish = (topics: readonly LiveTopic[]) => {
    for (const watcher of watchers) watcher(topics)
    for (const subscriber of subscribers.keys()) subscriber.send(topics)
  }
  const count = (match: (owner: StreamOwner) => boolean) => {
    let n = 0
    for (const owner of subscribers.values()) if (match(owner)) n++
    return n
  }

  let checking = false
  async function endStreamsOfEndedSessions() {
    if (checking || subscribers.size === 0) return
    checking = true
    try {
      const ids = [...new Set([...subscribers.values()].map((owner) => owner.sessionId))]
      const live = await liveSessions(ids)
      for (const [subscriber, owner] of subscribers)
        if (!live.has(owner.sessionId)) {
          subscribers.delete(subscriber)
          subscriber.end()
        }
    } catch (err) {
      // The database is away: the streams stay, and the next check decides.
      onCheckError(err)
    } finally {
      checking = false
    }
  }

  let stopListening: (() => Promise<void>) | undefined
  let sessionChecks: NodeJS.Timeout | undefined
  return {
    async start(): Promise<void> {
      stopListening = await database.listen(
        LIVE_CHANNEL,
        (payload) => {
          if (isTopic(payload)) publish([payload])
        },
        () => publish(LIVE_TOPICS),
      )
      sessionChecks = setInterval(() => void endStreamsOfEndedSessions(), limits.sessionCheckMs)
      sessionChecks.unref()
    },

    /**
     * Adds a stream, or refuses it: 429 past the session's or the person's share (checked and
     * counted in one synchronous step, so a burst cannot pass it), 503 when the instance is full.
     */
    subscribe(subscriber: LiveSubscriber, owner: StreamOwner): () => void {
      if (count((o) => o.sessionId === owner.sessionId) >= limits.perSession)
        throw new AppError(
          429,
          `Too many live update streams for this sign-in (at most ${limits.perSession}): close some tabs of this site and try again.`,
          undefined,
          RETRY_AFTER,
        )
      if (count((o) => o.userId === owner.userId) >= limits.perPerson)
        throw new AppError(
          429,
          `Too many live update streams for your account (at most ${limits.perPerson}): close some tabs or windows of this site, or sign out on another device, and try again.`,
          undefined,
          RETRY_AFTER,
        )
      if (subscribers.size >= limits.max)
        throw new AppError(
          503,
          'Too many live connections on this server. Please try again later.',
          undefined,
          RETRY_AFTER,
        )
      subscribers.set(subscriber, owner)
      return () => subscribers.delete(subscriber)
    },

    /** Calls `watcher` with every change this instance hears of (the server's own caches). */
    watch(watcher: (topics: readonly LiveTopic[]) => void): void {
      watchers.add(watcher)
    },

    /** Tells this instance's event streams that `topics` are worth fetching again. */
    announce(topics: readonly LiveTopic[]): void {
      for (const subscriber of subscribers.keys()) subscriber.send(topics)
    },

    get size(): number {
      return subscribers.size
    },

    async stop(): Promise<void> {
      clearInterval(sessionChecks)
      for (const subscriber of subscribers.keys()) subscriber.end()
      subscribers.clear()
      await stopListening?.()
    },
  }
}
