/** A Server-Sent Events client for tests: reads `event:`/`data:` blocks off a real HTTP stream. */
export async function openEvents(url: string, cookie: string) {
  const abort = new AbortController()
  const res = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  })
  if (!res.ok || !res.body) throw new Error(`event stream answered ${res.status}`)
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  const events: { event: string; data: string; at: number }[] = []
  let buffer = ''
  let comments = 0
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      buffer += value
      let end
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const lines = block.split('\n')
        if (lines.every((l) => l.startsWith(':') || l.startsWith('retry:'))) comments++
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7)
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6)
        if (event && data !== undefined) events.push({ event, data, at: Date.now() })
      }
    }
  })()
  return {
    res,
    events,
    get comments() {
      return comments
    },
    /** Resolves when the server ends the stream (or the test closes it). */
    ended: pump,
    /** Resolves with the first change event for `topic` after `since`, or rejects after `ms`. */
    async change(topic: string, since: number, ms = 2000) {
      const deadline = Date.now() + ms
      for (;;) {
        const hit = events.find(
          (e) => e.at >= since && e.event === 'change' && JSON.parse(e.data).topic === topic,
        )
        if (hit) return hit
        if (Date.now() > deadline)
          throw new Error(`no '${topic}' change within ${ms} ms; saw ${JSON.stringify(events)}`)
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    async close() {
      abort.abort()
      await pump
    },
  }
}
