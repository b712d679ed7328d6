/**
 * The server sends UTC; people read their own clock. Every time carries the zone's short name
 * (IST, GMT+5:30, CET) so a screenshot sent to an organiser in another zone stays unambiguous.
 */
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/** e.g. 'Mar 5, 2026, 9:00 AM GMT+5:30', in the viewer's locale and time zone. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso))
}

/** The viewer's IANA time zone, e.g. Asia/Kolkata. */
export function viewerTimeZone(): string {
  return dateTimeFormat.resolvedOptions().timeZone
}
