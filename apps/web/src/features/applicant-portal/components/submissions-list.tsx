import type { ApplicantSubmission } from '@hackathon/contract'
import { ArrowLeft, ChevronRight, FileText, FolderGit2, RotateCw } from 'lucide-react'
import { Link } from 'wouter'

import { ExternalLink } from '@/components/external-link'
import { SubmissionStatusBadge } from '@/components/submission-status-badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime, viewerTimeZone } from '@/lib/date-time'
import { errorMessage } from '@/lib/error-message'

import { useMySubmissions } from '../api/get-my-submissions'

/** SPEC.md section 2 "Applicant submissions": the applicant's own stage submissions. */
export function SubmissionsList() {
  const submissions = useMySubmissions()

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-3">
        <Button asChild variant="link" className="h-auto justify-self-start px-0">
          <Link href="/applicant/dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Submissions</h1>
          <p className="text-muted-foreground">
            Your work for each stage. Times are shown in your time zone ({viewerTimeZone()}).
          </p>
        </div>
      </div>
      {submissions.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading your submissions…" />
        </div>
      ) : submissions.isError ? (
        <Card>
          <CardContent role="alert" className="grid justify-items-start gap-3 pt-6 text-sm">
            <p>{errorMessage(submissions.error, 'Your submissions could not be loaded.')}</p>
            <Button variant="outline" size="sm" onClick={() => void submissions.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : submissions.data.submissions.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="grid gap-4">
          {submissions.data.submissions.map((submission) => (
            <li key={submission.id}>
              <SubmissionCard submission={submission} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function EmptyState() {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <span className="mb-2 grid size-12 place-items-center rounded-full bg-secondary text-primary">
          <FolderGit2 aria-hidden="true" className="size-6" />
        </span>
        <CardTitle asChild>
          <h2>No submissions yet</h2>
        </CardTitle>
        <CardDescription>
          When you submit your GitHub repository for a stage, it appears here.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild>
          <Link href="/applicant/dashboard">See available stages</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

function SubmissionCard({ submission }: { submission: ApplicantSubmission }) {
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle asChild className="text-base sm:text-lg">
            <h2>{submission.stageName}</h2>
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
            <>
              Not submitted yet · started{' '}
              <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="grid gap-1">
          <h3 className="font-medium text-muted-foreground">GitHub repository</h3>
          <p>
            {submission.githubUrl ? (
              <ExternalLink href={submission.githubUrl}>{submission.githubUrl}</ExternalLink>
            ) : (
              '—'
            )}
          </p>
        </div>
        <div className="grid gap-1">
          <h3 className="font-medium text-muted-foreground">Documents</h3>
          {submission.documents.length === 0 ? (
            <p>None</p>
          ) : (
            <ul className="grid gap-1.5">
              {submission.documents.map((doc, index) => (
                <li key={`${index}-${doc.name}`} className="flex items-start gap-2">
                  <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <ExternalLink href={doc.url}>{doc.name}</ExternalLink>
                </li>
              ))}
            </ul>
          )}
        </div>
        {submission.versions.length > 0 && <EarlierVersions versions={submission.versions} />}
      </CardContent>
    </Card>
  )
}

/** What was submitted before each resubmission, newest first, folded away until asked for. */
function EarlierVersions({ versions }: { versions: ApplicantSubmission['versions'] }) {
  return (
    <details className="group rounded-md border border-border">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 font-medium [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-4 transition-transform group-open:rotate-90"
        />
        Earlier versions ({versions.length})
      </summary>
      <ol className="grid gap-3 border-t border-border px-3 py-3">
        {versions.map((version) => (
          <li key={version.submittedAt} className="grid gap-1">
            <p className="text-muted-foreground">
              Submitted{' '}
              <time dateTime={version.submittedAt}>{formatDateTime(version.submittedAt)}</time>
            </p>
            <p>
              <ExternalLink href={version.githubUrl}>{version.githubUrl}</ExternalLink>
            </p>
            {version.documents.length > 0 && (
              <p className="break-words">Documents: {version.documents.join(', ')}</p>
            )}
          </li>
        ))}
      </ol>
    </details>
  )
}
