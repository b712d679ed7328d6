import type { ApplicantSubmission } from '@hackathon/contract'
import { FileText } from 'lucide-react'

import { ExternalLink } from '@/components/external-link'
import { SubmissionStatusBadge } from '@/components/submission-status-badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/date-time'

import { VersionHistory } from './version-history'

/** What the jury sees now, and what it replaced. */
export function CurrentSubmission({ submission }: { submission: ApplicantSubmission }) {
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle asChild>
            <h2>Current Submission</h2>
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
            'Not submitted yet'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="grid gap-1">
          <h3 className="font-medium text-muted-foreground">GitHub repository</h3>
          <ExternalLink href={submission.githubUrl}>{submission.githubUrl || '—'}</ExternalLink>
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
        <div className="grid gap-2">
          <h3 className="font-medium text-muted-foreground">Earlier versions</h3>
          <VersionHistory versions={submission.versions} />
        </div>
      </CardContent>
    </Card>
  )
}
