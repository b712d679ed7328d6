import type { ApplicantSubmission } from '@hackathon/contract'
import type { ReactNode } from 'react'

import { ApplicantFileButton } from '@/components/applicant-file-button'
import { DocumentLinks } from '@/components/document-links'
import { ExternalLink } from '@/components/external-link'
import { RepositoryStatus } from '@/components/repository-status'
import { SubmissionAnswers } from '@/components/submission-answers'
import { SubmissionStatusBadge } from '@/components/submission-status-badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/date-time'

/**
 * An applicant's own submission for a stage, as the applicant sees it: its status, when it was
 * sent, the repository with the commits GitHub showed for it, and its answers (or, for a
 * submission made before answers existed, its documents), then what `children` adds (its
 * earlier versions).
 */
export function ApplicantSubmissionCard({
  submission,
  heading,
  headingClassName,
  notSubmitted,
  children,
}: {
  submission: ApplicantSubmission
  /** The card's h2. */
  heading: string
  headingClassName?: string
  /** The line under the heading until the submission is sent. */
  notSubmitted: ReactNode
  children?: ReactNode
}) {
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle asChild className={headingClassName}>
            <h2>{heading}</h2>
          </CardTitle>
          <SubmissionStatusBadge status={submission.status} />
        </div>
        <CardDescription>
          {submission.submittedAt ? (
            <>
              Submitted{' '}
              <time dateTime={submission.submittedAt}>
                {formatDateTime(submission.submittedAt)}
              </time>
            </>
          ) : (
            notSubmitted
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="grid gap-1">
          <h3 className="font-medium text-muted-foreground">GitHub repository</h3>
          <ExternalLink href={submission.githubUrl}>{submission.githubUrl || '—'}</ExternalLink>
          <RepositoryStatus repository={submission.repository} audience="applicant" />
        </div>
        {submission.answers.length > 0 ? (
          <div className="grid gap-2">
            <h3 className="font-medium text-muted-foreground">Answers</h3>
            <SubmissionAnswers answers={submission.answers} fileAction={applicantFile} />
          </div>
        ) : (
          <div className="grid gap-1">
            <h3 className="font-medium text-muted-foreground">Documents</h3>
            {submission.documents.length === 0 ? (
              <p>None</p>
            ) : (
              <DocumentLinks documents={submission.documents} />
            )}
          </div>
        )}
        {children}
      </CardContent>
    </Card>
  )
}

/**
 * An answer file as the applicant is offered it: a plain link could not carry their token, so a
 * button downloads it with the token. For the answers of the card and of its versions.
 */
export function applicantFile(file: { name: string; size: number; url: string }) {
  return <ApplicantFileButton file={file} />
}
