import { z } from 'zod'
import { APPLICANT_STATUSES } from './constants.js'
import { ROUND_EXPORT_METRICS, type RoundExportMetric } from './exports.js'

/** Accepted bulk-upload file kinds (docs/product/exports-and-uploads.md#choosing-a-file). */
export const UPLOAD_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const

/** Column titles of the two templates, in order (docs/product/exports-and-uploads.md#templates). */
export const SELECTION_COLUMNS = [
  'ApplicantID',
  'RegistrationID',
  'Current Stage',
  'Status',
  'Next Stage',
] as const

export const STAGE_DETAILS_COLUMNS = [
  'Stage Name',
  'Total Participants',
  'Total Colleges',
  'Ideas Submitted',
  'Prototypes Approved',
  'Projects Approved',
  'Total Invitees',
  'Solutions to be Built',
] as const

/** The two values the Status column of the selection sheet may hold. */
export const SELECTION_DECISIONS = ['Selected', 'Not Selected'] as const

/** Client-side checks and toasts of the upload dialogs (docs/product/texts.md#bulk-upload). */
export const UPLOAD_MESSAGES = {
  invalidType: 'Invalid File Type',
  invalidTypeHint: 'Please choose an Excel (.xlsx, .xls) or CSV (.csv) file.',
  tooLarge: 'File Too Large',
  tooLargeHint: 'The file must be at most 10 MB.',
  noFile: 'No File Selected',
  noFileHint: 'Please choose a file to upload.',
  uploadFailed: 'Upload Failed',
  uploadFailedDefault: 'Failed to upload file. Please check the format and try again.',
  downloadFailed: 'Download Failed',
  downloadFailedDefault: 'Failed to download template. Please try again.',
} as const

/** ?dryRun=true shows what would change without changing anything. */
export const uploadQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], 'dryRun must be true or false')
    .optional()
    .transform((v) => v === 'true'),
})

/** One problem in one row; row numbers are the sheet's own (the header is row 1). */
export const uploadRowError = z
  .object({ row: z.number().int(), message: z.string() })
  .meta({ id: 'UploadRowError' })
export type UploadRowError = z.infer<typeof uploadRowError>

const applicantStatus = z.enum(APPLICANT_STATUSES)

export const selectionChange = z
  .object({
    row: z.number().int(),
    applicantId: z.uuid(),
    registrationId: z.string(),
    name: z.string(),
    fromStatus: applicantStatus,
    toStatus: applicantStatus,
    fromStage: z.string().nullable(),
    toStage: z.string().nullable(),
  })
  .meta({ id: 'SelectionChange' })
export type SelectionChange = z.infer<typeof selectionChange>

const figures = z.object(
  Object.fromEntries(ROUND_EXPORT_METRICS.map((m) => [m, z.number().int().nullable()])) as Record<
    RoundExportMetric,
    z.ZodNullable<z.ZodNumber>
  >,
)
export type StageFigures = z.infer<typeof figures>

export const stageDetailsChange = z
  .object({
    row: z.number().int(),
    roundId: z.uuid(),
    roundName: z.string(),
    before: figures,
    after: figures,
  })
  .meta({ id: 'StageDetailsChange' })
export type StageDetailsChange = z.infer<typeof stageDetailsChange>

const reportFields = {
  dryRun: z.boolean().describe('true: nothing was changed'),
  rows: z.number().int().describe('Data rows read (blank rows are skipped)'),
  updated: z.number().int().describe('Rows that change something (dry run: would change)'),
  unchanged: z.number().int().describe('Valid rows that already match'),
  errors: z.array(uploadRowError).describe('The first 500 row errors'),
  errorCount: z.number().int(),
  message: z.string(),
}

/** The answer to a selection upload; `changes` lists the first 500 changes. */
export const selectionUploadReport = z
  .object({ ...reportFields, changes: z.array(selectionChange) })
  .meta({ id: 'SelectionUploadReport' })
export type SelectionUploadReport = z.infer<typeof selectionUploadReport>

export const stageDetailsUploadReport = z
  .object({ ...reportFields, changes: z.array(stageDetailsChange) })
  .meta({ id: 'StageDetailsUploadReport' })
export type StageDetailsUploadReport = z.infer<typeof stageDetailsUploadReport>

/** How many errors and changes a report lists (the counts are always complete). */
export const UPLOAD_REPORT_LIST_MAX = 500

/** The upload dialog's client-side check of a chosen file; undefined when it may be sent. */
export function uploadFileProblem(
  file: { name: string; size: number } | undefined,
  maxBytes: number,
): { title: string; description: string } | undefined {
  if (!file) return { title: UPLOAD_MESSAGES.noFile, description: UPLOAD_MESSAGES.noFileHint }
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase()
  if (!extension || !(UPLOAD_EXTENSIONS as readonly string[]).includes(extension))
    return { title: UPLOAD_MESSAGES.invalidType, description: UPLOAD_MESSAGES.invalidTypeHint }
  if (file.size > maxBytes)
    return { title: UPLOAD_MESSAGES.tooLarge, description: UPLOAD_MESSAGES.tooLargeHint }
  return undefined
}
