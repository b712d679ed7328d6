import type { ApplicantSubmission, StageDocument } from '@hackathon/contract'

import { ApplicantSubmissionCard, applicantFile } from '@/components/applicant-submission-card'
import { VersionHistory } from '@/components/version-history'

/** What the jury sees now, and what it replaced. */
export function CurrentSubmission({
  submission,
  requirements,
}: {
  submission: ApplicantSubmission
  /** What the stage asks for now: earlier answers to anything else are marked as no longer asked. */
  requirements: readonly StageDocument[]
}) {
  return (
    <ApplicantSubmissionCard
      submission={submission}
      heading="Current Submission"
      notSubmitted="Not submitted yet"
    >
      <div className="grid gap-2">
        <h3 className="font-medium text-muted-foreground">Earlier versions</h3>
        <VersionHistory
          versions={submission.versions}
          fileAction={applicantFile}
          currentRequirementIds={new Set(requirements.map((r) => r.id))}
        />
      </div>
    </ApplicantSubmissionCard>
  )
}
