import { z } from 'zod'
import { isoDateTime } from './common.js'
import { APPLICANT_STATUSES } from './constants.js'

/**
 * POST /api/admin/export-applicants (docs/product/exports-and-uploads.md#applicants-export): the
 * dialog sends date-times only when both date and time are set, trims text filters and omits empty
 * ones.
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

/**
 * The response header that says how many rows an export holds (applicants, or rounds): the page
 * tells "none matched" from a success by it (issue 22).
 */
export const EXPORT_ROWS_HEADER = 'x-export-rows'

/** "1 applicant", "3 applicants". */
export const countOf = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

export const EXPORT_MESSAGES = {
  applicantsNone: 'No applicants match these filters, so nothing was exported.',
  roundsNone: 'No rounds match these filters, so nothing was exported.',
  nothingTitle: 'Nothing to Export',
  applicantsDone: 'Applicants data has been exported successfully.',
  roundsDone: 'Competition round details have been exported successfully.',
  applicantsFailed: 'Failed to export applicants data.',
  roundsFailed: 'Failed to export competition round details.',
} as const

export const ROUND_EXPORT_METRICS = [
  'totalParticipants',
  'totalColleges',
  'ideasSubmitted',
  'prototypesApproved',
  'projectsApproved',
  'totalInvitees',
  'solutionsToBeBuilt',
] as const
export type RoundExportMetric = (typeof ROUND_EXPORT_METRICS)[number]

/**
 * Column titles of the rounds export, as the stage-details template names them
 * (docs/product/exports-and-uploads.md#templates).
 */
export const ROUND_EXPORT_METRIC_LABELS: Record<RoundExportMetric, string> = {
  totalParticipants: 'Total Participants',
  totalColleges: 'Total Colleges',
  ideasSubmitted: 'Ideas Submitted',
  prototypesApproved: 'Prototypes Approved',
  projectsApproved: 'Projects Approved',
  totalInvitees: 'Total Invitees',
  solutionsToBeBuilt: 'Solutions to be Built',
}

/**
 * POST /api/admin/export-rounds: {filters, metrics}
 * (docs/product/exports-and-uploads.md#rounds-export).
 */
export const roundExportRequest = z
  .object({
    filters: z
      .object({
        fromDate: z.union([z.iso.date(), z.literal('')]).optional(),
        toDate: z.union([z.iso.date(), z.literal('')]).optional(),
        stageName: z.enum(['all', 'stage1', 'stage2', 'stage3', 'stage4', '']).optional(),
      })
      .default({}),
    metrics: z
      .object(
        Object.fromEntries(
          ROUND_EXPORT_METRICS.map((m) => [m, z.boolean().default(false)]),
        ) as Record<RoundExportMetric, z.ZodDefault<z.ZodBoolean>>,
      )
      .default(
        Object.fromEntries(ROUND_EXPORT_METRICS.map((m) => [m, false])) as Record<
          RoundExportMetric,
          boolean
        >,
      ),
  })
  .meta({ id: 'RoundExportRequest' })
export type RoundExportRequest = z.input<typeof roundExportRequest>
