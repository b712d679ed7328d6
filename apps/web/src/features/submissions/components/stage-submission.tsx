import type { ApplicantRound, ApplicantSubmission, StageDocument } from '@hackathon/contract'
import { ArrowLeft, RotateCw, SearchX } from 'lucide-react'
import { useEffect, useEffectEvent, type ReactNode } from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { apiErrorStatus, errorMessage } from '@/lib/error-message'
import { stageAvailability, startHasPassed } from '@/lib/stage-availability'
import { useNow } from '@/lib/use-now'

import { useApplicantRounds } from '../api/get-applicant-rounds'
import { useMySubmissions } from '../api/get-my-submissions'
import { useStageDocuments } from '../api/get-stage-documents'
import { APPLICANT_DASHBOARD_PATH } from '../paths'
import { SUBMIT_ERROR_TEXTS } from '../submit-error'
import { CurrentSubmission } from './current-submission'
import { StageDetails } from './stage-details'
import { StageSubmissionForm } from './stage-submission-form'

/**
 * SPEC.md section 2, "Stage submission page": the stage is looked up among the applicant's
 * rounds (which carry whether it is open to them and why not: docs/product/pipeline.md#access);
 * its requirements and the applicant's existing submission fill the form.
 */
export function StageSubmission({ stageId }: { stageId: string }) {
  const rounds = useApplicantRounds()
  const stage = rounds.data?.rounds.find((round) => round.id === stageId)
  const documents = useStageDocuments(stageId, { enabled: Boolean(stage) })
  const mySubmissions = useMySubmissions()

  if (rounds.isPending) return <Loading />
  if (rounds.isError) {
    return <LoadError error={rounds.error} onRetry={() => void rounds.refetch()} />
  }
  // Deleted between the rounds call and this one: as missing as an id nobody knows.
  if (!stage || (documents.isError && apiErrorStatus(documents.error) === 404)) {
    return <StageNotFound />
  }
  if (documents.isPending || mySubmissions.isPending) return <Loading />
  if (documents.isError || mySubmissions.isError) {
    return (
      <LoadError
        error={documents.error ?? mySubmissions.error}
        onRetry={() => {
          if (documents.isError) void documents.refetch()
          if (mySubmissions.isError) void mySubmissions.refetch()
        }}
      />
    )
  }

  const submission = mySubmissions.data.submissions.find((s) => s.stageId === stageId)
  return (
    <Frame>
      <StageView
        stage={stage}
        documents={documents.data.documents}
        submission={submission}
        onStarted={() => void rounds.refetch()}
      />
    </Frame>
  )
}

function StageView({
  stage,
  documents,
  submission,
  onStarted,
}: {
  stage: ApplicantRound
  documents: readonly StageDocument[]
  submission: ApplicantSubmission | undefined
  /** The start time of a stage that was not open yet has come: the server is asked again. */
  onStarted: () => void
}) {
  const now = useNow()
  const availability = stageAvailability(stage, now)
  // Asked once when the start time passes, not at every render.
  const started = startHasPassed(stage, now)
  const askAgain = useEffectEvent(onStarted)
  useEffect(() => {
    if (started) askAgain()
  }, [started])
  return (
    <>
      <StageDetails stage={stage} availability={availability} now={now} />
      <StageSubmissionForm
        stageId={stage.id}
        documents={documents}
        submission={submission}
        disabled={availability !== 'open'}
      />
      {submission && <CurrentSubmission submission={submission} requirements={documents} />}
    </>
  )
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <Button asChild variant="link" className="h-auto justify-self-start px-0">
        <Link href={APPLICANT_DASHBOARD_PATH}>
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
      </Button>
      {children}
    </div>
  )
}

function Loading() {
  return (
    <div className="grid place-items-center py-12">
      <Spinner label="Loading the stage…" />
    </div>
  )
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Frame>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Stage Submission</h1>
      <Card>
        <CardContent role="alert" className="grid justify-items-start gap-3 pt-6 text-sm">
          <p>{errorMessage(error, 'This stage could not be loaded.')}</p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </CardContent>
      </Card>
    </Frame>
  )
}

/** SPEC.md section 8, 'Missing stage'. */
function StageNotFound() {
  return (
    <div className="mx-auto max-w-md rounded-xl border border-border bg-card p-8 text-center shadow-sm">
      <SearchX aria-hidden="true" className="mx-auto mb-4 size-10 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight">{SUBMIT_ERROR_TEXTS.notFoundTitle}</h1>
      <p className="mt-2 text-muted-foreground">{SUBMIT_ERROR_TEXTS.notFound}</p>
      <Button asChild className="mt-6">
        <Link href={APPLICANT_DASHBOARD_PATH}>
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
      </Button>
    </div>
  )
}
