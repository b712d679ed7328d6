import type { ApplicantRound, ApplicantSubmission, StageDocument } from '@hackathon/contract'
import { ArrowLeft, SearchX } from 'lucide-react'
import { useEffect, useEffectEvent, type ReactNode } from 'react'
import { Link } from 'wouter'

import { errorInCard } from '@/components/query-error-card'
import { QueryState, type QueryFailure } from '@/components/query-state'
import { Button } from '@/components/ui/button'
import { apiErrorStatus } from '@/lib/error-message'
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
 * docs/product/screens.md#stage-submission: the stage is looked up among the applicant's rounds
 * (which carry whether it is open to them and why not: docs/product/pipeline.md#access); its
 * requirements and the applicant's existing submission fill the form.
 */
export function StageSubmission({ stageId }: { stageId: string }) {
  const rounds = useApplicantRounds()
  const stage = rounds.data?.rounds.find((round) => round.id === stageId)
  const documents = useStageDocuments(stageId, { enabled: Boolean(stage) })
  const mySubmissions = useMySubmissions()

  // One wait and one failure for the three calls the page needs.
  const states = {
    loadingLabel: 'Loading the stage…',
    errorText: 'This stage could not be loaded.',
    loadingClassName: 'py-12',
    errorClassName: 'py-0',
    renderError: (failure: QueryFailure) => <LoadError failure={failure} />,
  }

  return (
    <QueryState query={rounds} {...states}>
      {() =>
        // Deleted between the rounds call and this one: as missing as an id nobody knows.
        !stage || (documents.isError && apiErrorStatus(documents.error) === 404) ? (
          <StageNotFound />
        ) : (
          <QueryState query={documents} {...states}>
            {({ documents: requirements }) => (
              <QueryState query={mySubmissions} {...states}>
                {({ submissions }) => (
                  <Frame>
                    <StageView
                      stage={stage}
                      documents={requirements}
                      submission={submissions.find((s) => s.stageId === stageId)}
                      onStarted={() => void rounds.refetch()}
                    />
                  </Frame>
                )}
              </QueryState>
            )}
          </QueryState>
        )
      }
    </QueryState>
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

/** A failed call, under the page's title. */
function LoadError({ failure }: { failure: QueryFailure }) {
  return (
    <Frame>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Stage Submission</h1>
      {errorInCard(failure)}
    </Frame>
  )
}

/** A missing stage: 'Stage Not Found' (docs/product/screens.md#stage-submission). */
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
