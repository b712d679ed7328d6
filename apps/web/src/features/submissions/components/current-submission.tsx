import type { ApplicantSubmission } from '@hackathon/contract'

import { ApplicantSubmissionCard } from '@/components/applicant-submission-card'
import { VersionHistory } from '@/components/version-history'

/** What the jury sees now, and what it replaced. */
export function CurrentSubmission({ submission }: { submission: ApplicantSubmission }) {
  return (
    <ApplicantSubmissionCard
      submission={submission}
      heading="Current Submission"
      notSubmitted="Not submitted yet"
    >
      <div className="grid gap-2">
        <h3 className="font-medium text-muted-foreground">Earlier versions</h3>
        <VersionHistory versions={submission.versions} />
      </div>
    </ApplicantSubmissionCard>
  )
}
