import type { StaffSubmission } from '@hackathon/contract'
import type { ReactNode } from 'react'

import { DocumentLinks } from '@/components/document-links'
import { ExternalLink } from '@/components/external-link'
import { RepositoryStatus } from '@/components/repository-status'
import { SubmissionAnswers } from '@/components/submission-answers'
import { SubmissionStatusBadge } from '@/components/submission-status-badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { VersionHistory } from '@/components/version-history'
import { formatDateTime } from '@/lib/date-time'

/**
 * One submission for the jury: who, for which round, the work itself (the repository and the
 * answer to each requirement, docs/product/submissions.md#answers) and its history. An answer's
 * file is a link the staff session may follow. A submission from before answers existed shows
 * the documents that were ticked. `actions` is what the page adds below it (the jury member's
 * review), from a feature this one does not know.
 */
export function StaffSubmissionCard({
  submission,
  currentRequirementIds,
  actions,
}: {
  submission: StaffSubmission
  /** The requirements the round asks for now, when known: older answers to others are marked. */
  currentRequirementIds?: ReadonlySet<string>
  actions?: ReactNode
}) {
  const { applicant } = submission
  return (
    <Card className="min-w-0">
      <CardHeader className="gap-2 pb-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <CardTitle asChild className="text-base sm:text-lg">
              <h3 className="break-words">{applicant.name}</h3>
            </CardTitle>
            <p className="text-sm break-words text-muted-foreground">
              <span className="font-mono">{applicant.registrationId}</span>
              {applicant.collegeName && ` · ${applicant.collegeName}`}
            </p>
          </div>
          <SubmissionStatusBadge status={submission.status} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-3">
          <Row term="Round">
            <span className="break-words">{submission.round.name}</span>
          </Row>
          <Row term="Repository">
            <div className="grid gap-2">
              <ExternalLink href={submission.githubUrl}>{submission.githubUrl || '—'}</ExternalLink>
              <RepositoryStatus repository={submission.repository} audience="staff" />
            </div>
          </Row>
          {submission.answers.length === 0 && (
            <Row term="Documents">
              {submission.documents.length === 0 ? (
                'None'
              ) : (
                <DocumentLinks documents={submission.documents} />
              )}
            </Row>
          )}
          <Row term="Submitted">
            {submission.submittedAt ? (
              <time dateTime={submission.submittedAt}>
                {formatDateTime(submission.submittedAt)}
              </time>
            ) : (
              'Not submitted yet'
            )}
          </Row>
        </dl>
        {submission.answers.length > 0 && (
          <div className="grid min-w-0 gap-2">
            <h4 className="font-medium text-muted-foreground">Answers</h4>
            <SubmissionAnswers answers={submission.answers} />
          </div>
        )}
        <VersionHistory
          versions={submission.versions}
          currentRequirementIds={currentRequirementIds}
        />
        {actions}
      </CardContent>
    </Card>
  )
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-4">
      <dt className="font-medium text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  )
}
