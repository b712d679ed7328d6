import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Testing Library only cleans up by itself when test globals are on; they are off here.
afterEach(cleanup)

// jsdom lays nothing out, so it has no ResizeObserver; Radix's switch and radio group measure
// themselves with one, and in a test there is nothing to measure.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// The toaster loads lazily in the app (app/deferred-toaster.tsx); loading its module once here
// keeps the first toast of a test from waiting on a cold transform.
await import('@/components/ui/toaster')
