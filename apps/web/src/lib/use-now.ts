import { useEffect, useState } from 'react'

/**
 * The current time, refreshed every `intervalMs`: the time left counts down and a stage whose
 * deadline passes while the page is open turns expired without a reload.
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
