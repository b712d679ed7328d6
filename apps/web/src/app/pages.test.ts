import { describe, expect, it, vi } from 'vitest'

import { PAGE_IDS } from './route-table'

describe('the page chunks', () => {
  it('finish loading only once class names merge: no page but the landing page draws without tailwind-merge', async () => {
    // A fresh copy of the modules, as a browser has them on arriving at the landing page.
    vi.resetModules()
    const { cn } = await import('@/lib/utils')
    const { PAGES } = await import('./pages')
    expect(cn('px-4', 'px-2')).toBe('px-4 px-2')
    const lazyPages = PAGE_IDS.filter((id) => id !== 'landing')
    expect(lazyPages.every((id) => typeof PAGES[id].preload === 'function')).toBe(true)
    await PAGES.register.preload!()
    expect(cn('px-4', 'px-2')).toBe('px-2')
  })
})
