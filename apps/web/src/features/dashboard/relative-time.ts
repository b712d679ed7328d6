const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

// English, like every other sentence of the screen it sits in ('Mary registered 5 minutes ago').
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' })

/**
 * How long ago `iso` was, seen at `now`: 'just now', '5 minutes ago', '2 hours ago',
 * '3 days ago', then months and years. A time slightly ahead of ours (clock skew) is just now.
 */
export function relativeTime(iso: string, now: number): string {
  const elapsed = now - Date.parse(iso)
  if (Number.isNaN(elapsed)) return ''
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour')
  const days = Math.floor(elapsed / DAY)
  if (days < 30) return relative.format(-days, 'day')
  if (days < 365) return relative.format(-Math.floor(days / 30), 'month')
  return relative.format(-Math.floor(days / 365), 'year')
}
