import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

import { PageSpinner } from '@/components/ui/spinner'
import { cn, joinClassesOnly, loadClassMerge } from '@/lib/utils'

import LandingPage from './landing-page'
import NotFoundPage from './not-found-page'

/**
 * Every element's class attribute (SVG icons included), in document order, of what the first
 * bundle can show before any other chunk has loaded: the landing page, the not-found page and the
 * spinner.
 */
function classesOfFirstPaint(): (string | null)[] {
  const { container, unmount } = render(
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <LandingPage />
      <NotFoundPage />
      <PageSpinner />
    </Router>,
  )
  const classes = [...container.querySelectorAll('[class]')].map((e) => e.getAttribute('class'))
  unmount()
  return classes
}

describe('the first paint without tailwind-merge', () => {
  let restore: (() => void) | undefined
  afterEach(() => {
    restore?.()
    restore = undefined
  })

  it('draws the same class names as with it: none of them conflict, so the first paint can do without', async () => {
    await loadClassMerge()
    const merged = classesOfFirstPaint()
    restore = joinClassesOnly()
    const joined = classesOfFirstPaint()
    expect(joined.length).toBeGreaterThan(20)
    expect(joined).toEqual(merged)
  })

  it('merges conflicting classes once it has loaded', async () => {
    await loadClassMerge()
    expect(cn('px-4 shadow-sm', 'px-2 shadow-md')).toBe('px-2 shadow-md')
    restore = joinClassesOnly()
    expect(cn('px-4 shadow-sm', 'px-2 shadow-md')).toBe('px-4 shadow-sm px-2 shadow-md')
  })
})
