import { clsx, type ClassValue } from 'clsx'

type Merge = (classes: string) => string

const join: Merge = (classes) => classes
let merge: Merge = join
let loading: Promise<void> | undefined

/**
 * Joins class names and lets a later Tailwind class override an earlier conflicting one, once
 * tailwind-merge has loaded (loadClassMerge). It is about 8 kB gzipped that the landing page, the
 * first paint, does without: its class names never conflict (pages/landing-page.test.tsx), so
 * until then they are only joined. Every other screen waits for it before it renders
 * (app/pages.ts); docs/decisions/015-performance.md.
 */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs))
}

/** Loads tailwind-merge for cn, once; a failed load is tried again by the next call. */
export function loadClassMerge(): Promise<void> {
  loading ??= import('tailwind-merge').then(
    ({ twMerge }) => {
      merge = twMerge
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** `load`, finishing only once cn merges: for the chunks of everything but the landing page. */
export function withClassMerge<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadClassMerge()]).then(([loaded]) => loaded)
}

/** Tests only: cn as the landing page's first paint has it, joining without merging. */
export function joinClassesOnly(): () => void {
  const previous = merge
  merge = join
  return () => {
    merge = previous
  }
}
