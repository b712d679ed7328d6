import {
  Bell,
  Download,
  FileSpreadsheet,
  GraduationCap,
  LockOpen,
  UserCheck,
  UserPlus,
} from 'lucide-react'

import { ButtonActionCard, ComingLaterCard, LinkActionCard } from '@/components/action-card'
import { BulkUploadDialog } from '@/features/bulk-uploads/components/bulk-upload-dialog'

/** docs/product/screens.md#quick-actions: shortcuts to the admin's everyday tasks. */
export default function QuickActionsPage() {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
    >
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Quick Actions</h1>
      <p className="mt-1 text-muted-foreground">
        Shortcuts to add applicants, update them in bulk and export data.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li>
          <LinkActionCard
            href="/add-applicant"
            icon={UserPlus}
            title="Add Applicant"
            description="Register a new participant manually"
          />
        </li>
        <li>
          <LinkActionCard
            href="/export-data"
            icon={Download}
            title="Export Data"
            description="Download reports and data exports from the system"
          />
        </li>
        <li>
          <BulkUploadDialog kind="selection">
            <ButtonActionCard
              icon={UserCheck}
              title="Applicant Selection Upload"
              description="Select or reject many applicants at once from a spreadsheet"
            />
          </BulkUploadDialog>
        </li>
        <li>
          <BulkUploadDialog kind="stageDetails">
            <ButtonActionCard
              icon={FileSpreadsheet}
              title="Stage Details Upload"
              description="Update the figures of every competition round from a spreadsheet"
            />
          </BulkUploadDialog>
        </li>
        <li>
          <ComingLaterCard
            icon={GraduationCap}
            title="Send Orientation"
            description="Email orientation details to selected applicants"
          />
        </li>
        <li>
          <ComingLaterCard
            icon={LockOpen}
            title="Enable Submissions"
            description="Open a stage for applicants’ submissions"
          />
        </li>
        <li>
          <ComingLaterCard
            icon={Bell}
            title="Send Notifications"
            description="Send announcements to applicants"
          />
        </li>
      </ul>
    </main>
  )
}
