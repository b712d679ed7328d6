import type { ApplicantExportFilters } from '@hackathon/contract'
import { useMutation } from '@tanstack/react-query'

import { downloadExport } from '../download-file'

export function exportApplicants(filters: ApplicantExportFilters): Promise<string> {
  return downloadExport('/api/admin/export-applicants', filters, 'applicants_export.csv')
}

export function useExportApplicants() {
  return useMutation({ mutationFn: exportApplicants })
}
