import { vi } from 'vitest'

/**
 * A window.matchMedia for jsdom, which has none: `width` in px against min-width and max-width
 * queries in rem (16 px) or px, `not all and (...)` included. `resize` changes the width and tells
 * the listeners, as a browser does. Undo with vi.unstubAllGlobals().
 */
export function stubWindowWidth(width: number) {
  let current = width
  const listeners = new Set<{ query: string; listener: () => void }>()
  const px = (value: string, unit: string) => Number(value) * (unit === 'rem' ? 16 : 1)
  const test = (query: string): boolean => {
    const negated = /^not all and /.exec(query)
    const rule = /\((min|max)-width:\s*([\d.]+)(rem|px)\)/.exec(query)
    if (!rule) throw new Error(`stubWindowWidth does not read ${query}`)
    const [, side, value, unit] = rule
    const limit = px(value!, unit!)
    const matches = side === 'min' ? current >= limit : current <= limit
    return negated ? !matches : matches
  }
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return test(query)
    },
    addEventListener: (_: 'change', listener: () => void) => listeners.add({ query, listener }),
    removeEventListener: (_: 'change', listener: () => void) => {
      for (const entry of listeners) if (entry.listener === listener) listeners.delete(entry)
    },
  }))
  return {
    resize(next: number) {
      const before = [...listeners].map((entry) => ({ ...entry, was: test(entry.query) }))
      current = next
      for (const { query, listener, was } of before) if (test(query) !== was) listener()
    },
  }
}
