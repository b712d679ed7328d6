import { APPLICANT_STORAGE } from '@hackathon/contract'

// The stored applicant token and the news that it changed, without the applicant's schema: the
// user call reads it on every page, and the landing page's bundle stays free of zod.

/**
 * Some browsers throw on any localStorage access (storage disabled, some private modes). The
 * session then lives in memory for this page load instead of trapping the applicant in a loop
 * of signing in and being sent back to the login page.
 */
const memory = new Map<string, string>()

export function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return memory.get(key) ?? null
  }
}

export function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    if (value === null) memory.delete(key)
    else memory.set(key, value)
  }
}

/** The applicant's bearer token, if one is stored. */
export const readApplicantToken = (): string | null => read(APPLICANT_STORAGE.token)

const listeners = new Set<() => void>()
const STORAGE_KEYS: readonly string[] = Object.values(APPLICANT_STORAGE)

export function notify(): void {
  for (const listener of listeners) listener()
}

/** Calls `listener` whenever the stored session changes, in this tab or another. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || STORAGE_KEYS.includes(event.key)) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}
