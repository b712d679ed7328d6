import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { openPglite, pgliteMemoryBytes } from '../src/db/client.js'
import { createTestContext, type TestContext } from './app.js'

// docs/decisions/029-embedded-memory.md: the embedded database's memory has a stated ceiling.
describe('the embedded database memory bound', () => {
  it('defaults the page cache to 32 MB and takes EMBEDDED_SHARED_BUFFERS_MB', () => {
    expect(loadConfig({}).embeddedSharedBuffersMb).toBe(32)
    expect(loadConfig({ EMBEDDED_SHARED_BUFFERS_MB: '96' }).embeddedSharedBuffersMb).toBe(96)
    expect(() => loadConfig({ EMBEDDED_SHARED_BUFFERS_MB: '2' })).toThrow(
      /EMBEDDED_SHARED_BUFFERS_MB/,
    )
  })

  it('starts PGlite with that page cache and bounded working memory, and a smaller cache holds less memory', async () => {
    const small = await openPglite({ sharedBuffersMb: 16 })
    const large = await openPglite({ sharedBuffersMb: 128 })
    try {
      const setting = async (name: string) =>
        (await small.pglite.query<Record<string, string>>(`show ${name}`)).rows[0]![name]
      expect(await setting('shared_buffers')).toBe('16MB')
      expect(await setting('work_mem')).toBe('4MB')
      expect(await setting('maintenance_work_mem')).toBe('16MB')
      expect(pgliteMemoryBytes(small.pglite)).toBeGreaterThan(0)
      expect(pgliteMemoryBytes(small.pglite)).toBeLessThan(pgliteMemoryBytes(large.pglite))
    } finally {
      await small.close()
      await large.close()
    }
  })
})

describe('GET /api/metrics on the embedded database', () => {
  let ctx: TestContext
  const token = 'scraper-token-memory-29'
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: token })
  })
  afterAll(() => ctx.close())

  it('reports the WebAssembly memory the embedded database holds', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
    })
    const bytes = Number(/^embedded_database_memory_bytes (\d+)$/m.exec(res.body)?.[1])
    expect(bytes).toBeGreaterThan(64 * 1024 * 1024)
  })
})
