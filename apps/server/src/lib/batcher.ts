/**
 * Natural batching (group commit): calls that arrive while earlier ones are being worked on wait
 * and go together into the next batch, so under load one transaction serves many callers and
 * when quiet a call starts on the next turn of the event loop, without a timer. `work` answers each item of its batch on its
 * own; when it throws, every item of that batch gets the error.
 */
export function createBatcher<I, O>(
  work: (items: I[]) => Promise<PromiseSettledResult<O>[]>,
  { maxBatch = 100, concurrency = 1 }: { maxBatch?: number; concurrency?: number } = {},
) {
  const waiting: { item: I; resolve: (value: O) => void; reject: (reason: unknown) => void }[] = []
  let running = 0
  let scheduled = false

  function schedule(): void {
    if (scheduled) return
    scheduled = true
    // One turn of the event loop first: requests already received get to join (the embedded
    // database runs on this thread, so a transaction can otherwise finish before they are read).
    setImmediate(() => {
      scheduled = false
      pump()
    })
  }

  function pump(): void {
    while (running < concurrency && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch)
      running++
      work(batch.map((b) => b.item))
        .then(
          (results) =>
            batch.forEach((b, i) => {
              const result = results[i]
              if (result?.status === 'fulfilled') b.resolve(result.value)
              else b.reject(result ? result.reason : new Error('The batch gave no answer'))
            }),
          (error: unknown) => batch.forEach((b) => b.reject(error)),
        )
        .finally(() => {
          running--
          schedule()
        })
    }
  }

  return {
    add(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject })
        schedule()
      })
    },
  }
}
