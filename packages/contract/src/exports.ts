import { z } from 'zod'
import { isoDateTime } from './common.js'
import { APPLICANT_STATUSES } from './constants.js'

/**
 * POST /api/admin/export-applicants (SPEC section 3, "Applicant export filters"): the dialog sends
 * date-times only when both date and time are set, trims text filters and omits empty ones.
 */
export const applicantExportFilters = z
  .object({
    fromDateTime: isoDateTime.optional(),
    toDateTime: isoDateTime.optional(),
    collegeName: z.string().trim().max(200, 'College name is too long').optional(),
    status: z.enum([...APPLICANT_STATUSES, 'all']).optional(),
    registrationCode: z.string().trim().max(50, 'Registration code is too long').optional(),
  })
  .refine(
    (f) => !f.fromDateTime || !f.toDateTime || new Date(f.fromDateTime) <= new Date(f.toDateTime),
    {
      message: 'The start of the period must be before its end',
      path: ['toDateTime'],
    },
  )
  .meta({ id: 'ApplicantExportFilters' })
export type ApplicantExportFilters = z.input<typeof applicantExportFilters>

export const EXPORT_MESSAGES = {
  applicantsDone: 'Applicants data has been exported successfully.',
  roundsDone: 'Competition round details have been exported successfully.',
  applicantsFailed: 'Failed to export applicants data.',
  roundsFailed: 'Failed to export competition round details.',
} as const
