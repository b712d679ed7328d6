import type { ApplicantSubmission } from '@hackathon/contract'
import { ArrowLeft, FolderGit2 } from 'lucide-react'
import { Link } from 'wouter'

import { ApplicantSubmissionCard, applicantFile } from '@/components/applicant-submission-card'
import { errorInCard } from '@/components/query-error-card'
import { QueryState } from '@/components/query-state'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { VersionHistory } from '@/components/version-history'
import { formatDateTime, viewerTimeZone } from '@/lib/date-time'

import { useMySubmissions } from '../api/get-my-submissions'
import { useApplicantRounds } from '../api/get-rounds'

/** docs/product/screens.md#applicant-submissions: the applicant's own stage submissions. */
export function SubmissionsList() {
  const submissions = useMySubmissions()
  // What each stage asks for now, to mark earlier answers to requirements it no longer asks.
  const rounds = useApplicantRounds()
  const requirementsOf = (stageId: string) => {
    const round = rounds.data?.rounds.find((r) => r.id === stageId)
    return round ? new Set(round.requirements.map((r) => r.id)) : undefined
  }

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
      <QueryState
        query={submissions}
        loadingLabel="Loading your submissions…"
        errorText="Your submissions could not be loaded."
        loadingClassName="py-12"
        errorClassName="py-0"
        renderError={errorInCard}
      >
        {({ submissions: list }) =>
          list.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="grid gap-4">
              {list.map((submission) => (
                <li key={submission.id}>
                  <SubmissionCard
                    submission={submission}
                    currentRequirementIds={requirementsOf(submission.stageId)}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
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

function SubmissionCard({
  submission,
  currentRequirementIds,
}: {
  submission: ApplicantSubmission
  currentRequirementIds: ReadonlySet<string> | undefined
}) {
  return (
    <ApplicantSubmissionCard
      submission={submission}
      heading={submission.stageName}
      headingClassName="text-base sm:text-lg"
      notSubmitted={
        <>
          Not submitted yet · started{' '}
          <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
        </>
      }
    >
      {submission.versions.length > 0 && (
        <VersionHistory
          versions={submission.versions}
          summary={`Earlier versions (${submission.versions.length})`}
          submittedLabel="Submitted"
          fileAction={applicantFile}
          currentRequirementIds={currentRequirementIds}
        />
      )}
    </ApplicantSubmissionCard>
  )
}
