import type { SubmissionAnswer } from '@hackathon/contract'
import type { ReactNode } from 'react'

import { ExternalLink } from '@/components/external-link'
import { HistoryDetails } from '@/components/history-details'
import { SubmissionAnswers } from '@/components/submission-answers'
import { formatDateTime } from '@/lib/date-time'

export interface SubmissionVersion {
  githubUrl: string
  documents: readonly string[]
  /** The answers as they were; empty for versions saved before answers existed. */
  answers?: readonly SubmissionAnswer[]
  submittedAt: string
}

/**
 * What was submitted before each resubmission, newest first. A native details element: it
 * opens and closes with the keyboard and is announced as expandable, with no script to load.
 */
export function VersionHistory({
  versions,
  summary = `Version history (${versions.length} earlier ${versions.length === 1 ? 'version' : 'versions'})`,
  submittedLabel,
  fileAction,
  currentRequirementIds,
}: {
  versions: readonly SubmissionVersion[]
  /** The line that opens the list. */
  summary?: string
  /** Words before each version's time, e.g. 'Submitted'. */
  submittedLabel?: string
  /** How an answer's file is offered (see SubmissionAnswers); a link by default. */
  fileAction?: (file: NonNullable<SubmissionAnswer['file']>) => ReactNode
  /**
   * The requirements the stage asks for now, when known: an earlier answer to any other is marked
   * "(no longer asked)". A version's answers are a snapshot, so their own `current` says nothing.
   */
  currentRequirementIds?: ReadonlySet<string>
}) {
  const removed = (answer: SubmissionAnswer) =>
    currentRequirementIds ? !currentRequirementIds.has(answer.requirementId) : false
  if (versions.length === 0) {
    return <p className="text-sm text-muted-foreground">No earlier versions.</p>
  }
  return (
    <HistoryDetails summary={summary}>
      {versions.map((version, index) => (
        <li
          key={`${version.submittedAt}-${index}`}
          className="grid gap-1 border-border not-first:border-t not-first:pt-3"
        >
          <p className="text-muted-foreground">
            {submittedLabel && `${submittedLabel} `}
            <time dateTime={version.submittedAt}>{formatDateTime(version.submittedAt)}</time>
          </p>
          <ExternalLink href={version.githubUrl}>{version.githubUrl}</ExternalLink>
          {version.answers && version.answers.length > 0 ? (
            <SubmissionAnswers
              answers={version.answers}
              fileAction={fileAction}
              removed={removed}
            />
          ) : (
            version.documents.length > 0 && (
              <p className="break-words text-muted-foreground">
                Documents: {version.documents.join(', ')}
              </p>
            )
          )}
        </li>
      ))}
    </HistoryDetails>
  )
}
