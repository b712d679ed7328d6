import { ApplicantTable } from '@/features/applicants/components/applicant-table'

/** SPEC.md section 2, "Jury dashboard"; its summary cards and guidelines come later. */
export default function JuryDashboardPage() {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
    >
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
      <p className="mt-1 text-muted-foreground">Review submissions and select applicants.</p>
      <div className="mt-8">
        <ApplicantTable mode="jury" title="Submissions for Review" />
      </div>
    </main>
  )
}
