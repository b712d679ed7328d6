import { SubmissionReview } from '@/features/reviews/components/submission-review'
import { JurySubmissions } from '@/features/submissions/components/jury-submissions'

/**
 * The jury's /submissions (docs/product/screens.md#jury-submissions): the work, with its history.
 */
export default function JurySubmissionsPage() {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
    >
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Submissions</h1>
      <p className="mt-1 text-muted-foreground">
        Open each applicant&apos;s repository and documents, see what they changed between versions,
        and score their work.
      </p>
      <div className="mt-8">
        <JurySubmissions
          renderActions={(submission) => <SubmissionReview submission={submission} />}
        />
      </div>
    </main>
  )
}
