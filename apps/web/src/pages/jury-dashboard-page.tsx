import { ApplicantTable } from '@/features/applicants/components/applicant-table'
import { JurySummary } from '@/features/dashboard/components/jury-summary'
import { ReviewGuidelines } from '@/features/dashboard/components/review-guidelines'

/** docs/product/screens.md#jury-dashboard: the counts, the guidelines, then the submitted work. */
export default function JuryDashboardPage() {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
    >
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
      <p className="mt-1 text-muted-foreground">Review submissions and select applicants.</p>
      <div className="mt-8 grid gap-8">
        <JurySummary />
        <ReviewGuidelines />
        <ApplicantTable mode="jury" title="Submissions for Review" />
      </div>
    </main>
  )
}
