import type { StaffSubmission } from '@hackathon/contract'

import { Badge } from '@/components/ui/badge'

import { useRubric } from '../api/get-rubric'
import { formatTotal, sharedScale } from '../scores'
import { ReviewDialog } from './review-dialog'

/**
 * The jury member's side of a submission card: whether it is assigned to them, their saved
 * score, and the Score button. The round's rubric is asked only to say what the score is out
 * of, once per round, and only when there is a score.
 */
export function SubmissionReview({ submission }: { submission: StaffSubmission }) {
  const mine = submission.myReview
  const total = mine?.total ?? null
  const rubric = useRubric(submission.round.id, { enabled: total !== null })
  const scale = rubric.data ? sharedScale(rubric.data.criteria) : null

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        {mine?.assigned && <Badge variant="secondary">Assigned to you</Badge>}
        {total !== null ? (
          <span>
            Your score:{' '}
            <strong className="tabular-nums">
              {formatTotal(total)}
              {scale && ` / ${scale.max}`}
            </strong>
          </span>
        ) : (
          <span className="text-muted-foreground">Not scored yet</span>
        )}
      </div>
      <ReviewDialog submission={submission} />
    </div>
  )
}
