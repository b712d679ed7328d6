import { NewRegistrationDialog } from '@/features/applicants/components/new-registration-dialog'
import { AdminDashboard } from '@/features/dashboard/components/admin-dashboard'

/** docs/product/screens.md#admin-dashboard; for admins also at /jury, /submissions, /orientation. */
export default function AdminDashboardPage() {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Registrations and the hackathon’s rounds.</p>
        </div>
        <NewRegistrationDialog />
      </div>
      <div className="mt-8">
        <AdminDashboard />
      </div>
    </main>
  )
}
