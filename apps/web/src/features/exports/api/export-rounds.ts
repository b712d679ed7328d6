import type { RoundExportRequest } from '@hackathon/contract'
import { useMutation } from '@tanstack/react-query'

import { downloadExport, type ExportResult } from '../download-file'

export function exportRounds(request: RoundExportRequest): Promise<ExportResult> {
  return downloadExport('/api/admin/export-rounds', request, 'rounds_export.xlsx')
}

export function useExportRounds() {
  return useMutation({ mutationFn: exportRounds })
}
