import type { ApplicantExportFilters } from '@hackathon/contract'
import { useMutation } from '@tanstack/react-query'

import { downloadExport, type ExportResult } from '../download-file'

export function exportApplicants(filters: ApplicantExportFilters): Promise<ExportResult> {
  return downloadExport('/api/admin/export-applicants', filters, 'applicants_export.csv')
}

export function useExportApplicants() {
  return useMutation({ mutationFn: exportApplicants })
}
