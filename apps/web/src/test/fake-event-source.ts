import type { EventSourceConstructor } from '@/lib/live-updates'

/**
 * An EventSource that reaches no server: a test plays the stream's life (open, change events,
 * errors) one step at a time. `instances` lists every one created, newest last.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2

  readyState = FakeEventSource.CONNECTING
  closed = false

  constructor(
    readonly url: string,
    readonly init: EventSourceInit | undefined,
  ) {
    super()
  }

  close() {
    this.closed = true
    this.readyState = FakeEventSource.CLOSED
  }

  open() {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
  }

  /** The server says something changed: `event: change`, `data: <data>` (JSON unless a string). */
  change(data: unknown) {
    const text = typeof data === 'string' ? data : JSON.stringify(data)
    this.dispatchEvent(new MessageEvent('change', { data: text }))
  }

  /** The stream broke. `gaveUp`: the browser will not reconnect (an HTTP error answer). */
  fail({ gaveUp = false } = {}) {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING
    this.dispatchEvent(new Event('error'))
  }
}

/** A fresh EventSource class to hand to useLiveUpdates or connectLiveUpdates, and what it made. */
export function fakeEventSources() {
  const instances: FakeEventSource[] = []
  const EventSourceImpl = class extends FakeEventSource {
    constructor(url: string, init?: EventSourceInit) {
      super(url, init)
      instances.push(this)
    }
  } as unknown as EventSourceConstructor
  return {
    EventSourceImpl,
    instances,
    /** The newest stream; fails the test when none was opened. */
    last(): FakeEventSource {
      const source = instances.at(-1)
      if (!source) throw new Error('No EventSource was opened')
      return source
    },
  }
}
