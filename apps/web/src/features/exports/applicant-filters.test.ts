import { describe, expect, it } from 'vitest'

import { APPLICANT_FILTER_DEFAULTS, toApplicantExportFilters } from './applicant-filters'

describe('the applicants export request', () => {
  it('sends nothing when the dialog is as it opened, default times included', () => {
    expect(toApplicantExportFilters(APPLICANT_FILTER_DEFAULTS)).toEqual({})
  })

  it('sends a date-time only when both its date and its time are set', () => {
    expect(
      toApplicantExportFilters({
        ...APPLICANT_FILTER_DEFAULTS,
        fromDate: '2026-03-01',
        fromTime: '',
        toDate: '',
        toTime: '17:30',
      }),
    ).toEqual({})
    expect(
      toApplicantExportFilters({
        ...APPLICANT_FILTER_DEFAULTS,
        fromDate: '2026-03-01',
        toDate: '2026-03-31',
        toTime: '',
      }),
    ).toEqual({ fromDateTime: '2026-03-01T09:00:00.000Z' })
  })

  it('builds each date-time as UTC with zero seconds', () => {
    expect(
      toApplicantExportFilters({
        ...APPLICANT_FILTER_DEFAULTS,
        fromDate: '2026-03-01',
        fromTime: '07:05',
        toDate: '2026-12-31',
        toTime: '23:59',
      }),
    ).toEqual({
      fromDateTime: '2026-03-01T07:05:00.000Z',
      toDateTime: '2026-12-31T23:59:00.000Z',
    })
  })

  it('trims the college name and registration code and leaves them out when blank', () => {
    expect(
      toApplicantExportFilters({
        ...APPLICANT_FILTER_DEFAULTS,
        collegeName: '  Stanford ',
        registrationCode: '   ',
      }),
    ).toEqual({ collegeName: 'Stanford' })
    expect(
      toApplicantExportFilters({
        ...APPLICANT_FILTER_DEFAULTS,
        collegeName: ' ',
        registrationCode: ' REG-2026-0042 ',
      }),
    ).toEqual({ registrationCode: 'REG-2026-0042' })
  })

  it('leaves the status out when it is all of them', () => {
    expect(toApplicantExportFilters({ ...APPLICANT_FILTER_DEFAULTS, status: 'all' })).toEqual({})
    expect(toApplicantExportFilters({ ...APPLICANT_FILTER_DEFAULTS, status: 'won' })).toEqual({
      status: 'won',
    })
  })
})
