const MINUTE_MS = 60_000

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}

/**
 * How long until a deadline, in the two largest units that matter: '2 days 3 hours left',
 * '5 hours 10 minutes left', '7 minutes left'. Rounded down, so it never promises more time
 * than there is.
 */
export function timeLeft(ms: number): string {
  const totalMinutes = Math.floor(ms / MINUTE_MS)
  if (totalMinutes < 1) return 'Less than a minute left'
  const days = Math.floor(totalMinutes / (24 * 60))
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60)
  const minutes = totalMinutes % 60
  if (days > 0) return `${count(days, 'day')}${hours > 0 ? ` ${count(hours, 'hour')}` : ''} left`
  if (hours > 0) {
    return `${count(hours, 'hour')}${minutes > 0 ? ` ${count(minutes, 'minute')}` : ''} left`
  }
  return `${count(minutes, 'minute')} left`
}
