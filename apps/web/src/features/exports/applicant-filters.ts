import type { ApplicantExportFilters } from '@hackathon/contract'

export type StatusFilter = NonNullable<ApplicantExportFilters['status']>

/** The applicants export dialog's fields, as typed. */
export interface ApplicantFilterValues {
  fromDate: string
  fromTime: string
  toDate: string
  toTime: string
  collegeName: string
  status: StatusFilter
  registrationCode: string
}

/**
 * A working day, 09:00 to 18:00, and nothing else narrowed
 * (docs/product/exports-and-uploads.md#applicants-export).
 */
export const APPLICANT_FILTER_DEFAULTS: Readonly<ApplicantFilterValues> = {
  fromDate: '',
  fromTime: '09:00',
  toDate: '',
  toTime: '18:00',
  collegeName: '',
  status: 'all',
  registrationCode: '',
}

/**
 * The date and time are read as UTC and sent with zero seconds
 * (docs/product/exports-and-uploads.md#applicants-export). An impossible value is passed on as
 * typed, so that the contract's check names the field.
 */
function utcDateTime(date: string, time: string): string | undefined {
  if (!date || !time) return undefined
  const typed = `${date}T${time}:00Z`
  const moment = new Date(typed)
  return Number.isNaN(moment.getTime()) ? typed : moment.toISOString()
}

/**
 * The request body (docs/product/exports-and-uploads.md#applicants-export): a date-time only when
 * both its date and time are set, text trimmed and left out when empty, no status when it is all of
 * them.
 */
export function toApplicantExportFilters(values: ApplicantFilterValues): ApplicantExportFilters {
  const filters: ApplicantExportFilters = {}
  const fromDateTime = utcDateTime(values.fromDate, values.fromTime)
  if (fromDateTime) filters.fromDateTime = fromDateTime
  const toDateTime = utcDateTime(values.toDate, values.toTime)
  if (toDateTime) filters.toDateTime = toDateTime
  const collegeName = values.collegeName.trim()
  if (collegeName) filters.collegeName = collegeName
  if (values.status && values.status !== 'all') filters.status = values.status
  const registrationCode = values.registrationCode.trim()
  if (registrationCode) filters.registrationCode = registrationCode
  return filters
}
