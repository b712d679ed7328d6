import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './app.js'

describe('serving the web app on the API port', () => {
  let ctx: TestContext
  const dist = mkdtempSync(join(tmpdir(), 'hk-web-dist-'))
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app shell</title>')
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'))
    ctx = await createTestContext({ WEB_DIST_DIR: dist })
  })
  afterAll(async () => {
    await ctx.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('answers a client-side route with the app shell, so a reload of a deep link works', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/applicants?page=2',
      headers: { accept: 'text/html' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('app shell')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('serves fingerprinted assets with a long cache lifetime', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  it('sends the compressed copy the build wrote when the browser accepts it, and the plain file otherwise', async () => {
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(compressed.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)')
    expect(compressed.headers['cache-control']).toContain('immutable')
    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('console.log(1)')
  })

  it('never answers an unknown API path with the app shell', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('NOT_FOUND')
  })

  it('sends the security headers: a CSP without inline scripts, no framing, no sniffing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('app shell')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })
})
