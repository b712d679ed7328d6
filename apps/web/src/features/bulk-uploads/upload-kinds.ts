import {
  SELECTION_COLUMNS,
  SELECTION_DECISIONS,
  STAGE_DETAILS_COLUMNS,
  UPLOAD_EXTENSIONS,
  type SelectionUploadReport,
  type StageDetailsUploadReport,
} from '@hackathon/contract'

/** The two bulk uploads (docs/product/exports-and-uploads.md#bulk-uploads): one dialog, by kind. */
export type UploadKind = 'selection' | 'stageDetails'

export interface UploadKindConfig {
  title: string
  description: string
  /** The template's columns, in order (docs/product/exports-and-uploads.md#templates). */
  columns: readonly string[]
  /** A sentence about the values the columns take, when one helps. */
  columnsHint?: string
  templateUrl: string
  /** The template's name when the answer names no file. */
  templateFallbackName: string
  uploadUrl: string
}

export const UPLOAD_KINDS: Readonly<Record<UploadKind, UploadKindConfig>> = {
  selection: {
    title: 'Upload Applicant Selection',
    description: 'Set the status and stage of many applicants at once from a spreadsheet.',
    columns: SELECTION_COLUMNS,
    columnsHint: `Status is ${SELECTION_DECISIONS.join(' or ')}.`,
    templateUrl: '/api/applicant-selection/template',
    templateFallbackName: 'applicant_selection_template.xlsx',
    uploadUrl: '/api/applicant-selection/upload',
  },
  stageDetails: {
    title: 'Upload Stage Details',
    description: 'Update the figures of each competition round at once from a spreadsheet.',
    columns: STAGE_DETAILS_COLUMNS,
    columnsHint:
      "Stage Name is a competition round's name, or stage1 to stage4 when one round is that stage. Blank figures stay as they are.",
    templateUrl: '/api/stage-details/template',
    templateFallbackName: 'stage_details_template.xlsx',
    uploadUrl: '/api/stage-details/upload',
  },
}

/**
 * The file input's `accept`: the kinds the server reads
 * (docs/product/exports-and-uploads.md#choosing-a-file).
 */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',')

/** A report with the kind that tells its changes apart. */
export type UploadResult =
  | { kind: 'selection'; report: SelectionUploadReport }
  | { kind: 'stageDetails'; report: StageDetailsUploadReport }
