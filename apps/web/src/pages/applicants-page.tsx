import { ShieldAlert } from 'lucide-react'

import { ApplicantTable } from '@/features/applicants/components/applicant-table'
import { useAuth } from '@/features/auth/hooks/use-auth'

const MAIN = 'mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8'

/** docs/product/screens.md#applicants: one page, titled by the role that opens it; staff only. */
export default function ApplicantsPage() {
  const { user } = useAuth()
  const role = user?.role

  if (role !== 'admin' && role !== 'jury') {
    return (
      <main id="main-content" tabIndex={-1} className={MAIN}>
        <div className="mx-auto max-w-md rounded-xl border border-border bg-card p-8 text-center shadow-sm">
          <ShieldAlert aria-hidden="true" className="mx-auto mb-4 size-10 text-destructive" />
          <h1 className="text-2xl font-bold tracking-tight">Access Denied</h1>
          <p className="mt-2 text-muted-foreground">
            Only admins and jury members can view applicants.
          </p>
        </div>
      </main>
    )
  }

  return (
    <main id="main-content" tabIndex={-1} className={MAIN}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {role === 'admin' ? 'Applicant Management' : 'Applicant Review'}
      </h1>
      <p className="mt-1 text-muted-foreground">
        {role === 'admin'
          ? 'Search, edit and remove registered applicants.'
          : 'Review submitted applicants and select them for the next stage.'}
      </p>
      <div className="mt-8">
        <ApplicantTable mode={role} />
      </div>
    </main>
  )
}
