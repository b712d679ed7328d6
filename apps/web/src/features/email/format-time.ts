/**
 * The server sends UTC; people read their own clock. The zone's short name (CET, GMT+2, PDT)
 * goes with every time, so a screenshot shared across zones stays unambiguous. Date and time
 * are formatted apart so a narrow column can put them on two lines, whatever the locale.
 */
const dateFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
})
const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

export function dateAndTime(iso: string): { date: string; time: string } {
  const moment = new Date(iso)
  return { date: dateFormat.format(moment), time: timeFormat.format(moment) }
}

/** The viewer's IANA time zone, e.g. Europe/Berlin. */
export function viewerTimeZone(): string {
  return timeFormat.resolvedOptions().timeZone
}
