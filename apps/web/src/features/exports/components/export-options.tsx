import { FileSpreadsheet, Users } from 'lucide-react'

import { ApplicantsExportDialog } from './applicants-export-dialog'
import { ExportCard } from './export-card'
import { RoundsExportDialog } from './rounds-export-dialog'

/** The two exports (docs/product/exports-and-uploads.md#exports), each a card with its dialog. */
export function ExportOptions() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ApplicantsExportDialog>
        <ExportCard
          icon={Users}
          title="Applicants Data"
          description="Export applicant information and status"
        />
      </ApplicantsExportDialog>
      <RoundsExportDialog>
        <ExportCard
          icon={FileSpreadsheet}
          title="Competition Round Details"
          description="Export round configurations and statistics"
        />
      </RoundsExportDialog>
    </div>
  )
}
