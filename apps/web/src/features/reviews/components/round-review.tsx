import { ROUND_MESSAGES, type Round } from '@hackathon/contract'

import { QueryState } from '@/components/query-state'
import { viewerTimeZone } from '@/lib/date-time'

import { useRounds } from '../api/get-rounds'
import { AssignmentSection } from './assignment-section'
import { RankingSection } from './ranking-section'
import { RubricSection } from './rubric-section'

/**
 * Issue 11: a round's rubric, who reviews what, and the ranking, one section under another so
 * that all of it is reachable by scrolling and by heading. The sections load once the round is
 * known to exist, so an unknown id says so once instead of three times.
 */
export function RoundReview({ roundId }: { roundId: string }) {
  const rounds = useRounds()

  return (
    <QueryState
      query={rounds}
      loadingLabel="Loading the round…"
      errorText="The competition round could not be loaded."
      loadingClassName="py-16"
      errorClassName="mt-4 py-0"
    >
      {({ rounds: list }) => (
        <RoundReviewSections roundId={roundId} round={list.find((r) => r.id === roundId)} />
      )}
    </QueryState>
  )
}

function RoundReviewSections({ roundId, round }: { roundId: string; round: Round | undefined }) {
  if (!round) {
    return (
      <>
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
          {ROUND_MESSAGES.notFound}
        </h1>
        <p className="mt-1 text-muted-foreground">
          It may have been deleted. Go back to the rounds to choose another.
        </p>
      </>
    )
  }

  return (
    <>
      <h1 className="mt-4 text-2xl font-bold tracking-tight break-words sm:text-3xl">
        {round.name} — Review
      </h1>
      <p className="mt-1 text-muted-foreground">
        Set what judges score, share the submissions out among them, and rank the results. Times are
        in your time zone ({viewerTimeZone()}).
      </p>
      <div className="mt-8 grid gap-8">
        <RubricSection roundId={roundId} />
        <AssignmentSection roundId={roundId} />
        <RankingSection roundId={roundId} roundName={round.name} />
      </div>
    </>
  )
}
