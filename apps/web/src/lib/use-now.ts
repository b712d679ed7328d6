import { useEffect, useState } from 'react'

/**
 * The current time, refreshed every `intervalMs`, for screens that show time relative to now: a
 * deadline that passes while the page is open turns expired, '5 minutes ago' becomes '6 minutes
 * ago', all without a reload.
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
