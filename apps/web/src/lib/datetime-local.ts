/**
 * A datetime-local input holds a wall-clock time with no zone. These read and write it on the
 * viewer's own clock, so an organiser types the time they mean and the server gets UTC.
 */

const pad = (n: number) => String(n).padStart(2, '0')

/** The input's value for `iso` on the viewer's clock; '' for no time or an unreadable one. */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`
  // Seconds only when there are some: a round saved elsewhere keeps its exact moment on edit.
  return date.getSeconds() ? `${day}T${time}:${pad(date.getSeconds())}` : `${day}T${time}`
}

const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/

/** The UTC ISO moment the input's value means on the viewer's clock; null when empty. */
export function fromDateTimeLocal(value: string): string | null {
  const match = LOCAL_VALUE.exec(value)
  if (!match) return null
  const [, year, month, day, hours, minutes, seconds = '0'] = match
  // Built from parts rather than parsed: how engines read a zoneless string has varied.
  const date = new Date(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hours),
    Number(minutes),
    Number(seconds),
  )
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
