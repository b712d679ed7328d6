import { describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'

describe('configuration', () => {
  it('has working defaults: port 3000 and ./data on the embedded database', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toBe('./data')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.publicUrl).toBe('http://localhost:3000')
  })

  it('treats an empty variable as unset and drops a trailing slash of PUBLIC_URL', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://hack.example.org/' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.publicUrl).toBe('https://hack.example.org')
  })

  it('names every invalid variable in one readable error', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'nope' }),
    ).toThrow(/Invalid configuration:[\s\S]*PORT[\s\S]*DATABASE_URL[\s\S]*ADMIN_EMAIL/)
  })
})
