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
