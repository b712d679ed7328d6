import type { MyReview } from '@hackathon/contract'

import { HistoryDetails } from '@/components/history-details'
import { formatDateTime } from '@/lib/date-time'

import { formatScore, sharedScale, weightedTotal } from '../scores'

/**
 * A judge's earlier saves, newest first, each with its time, its weighted score (when the
 * criteria share one scale) and every criterion's score. A native details element: it opens
 * with the keyboard and is announced as expandable.
 */
export function ReviewHistory({ review }: { review: MyReview }) {
  const { history, rubric } = review
  if (history.length === 0) return null
  const names = new Map(rubric.criteria.map((c) => [c.id, c.name]))
  const scale = sharedScale(rubric.criteria)

  return (
    <HistoryDetails
      summary={`History (${history.length} ${history.length === 1 ? 'save' : 'saves'})`}
    >
      {history.map((version, index) => {
        const total = weightedTotal(
          rubric.criteria,
          new Map(version.scores.map((s) => [s.criterionId, s.score])),
        )
        return (
          <li key={`${version.savedAt}-${index}`} className="grid gap-1">
            <p className="font-medium">
              <time dateTime={version.savedAt}>{formatDateTime(version.savedAt)}</time>
              {total !== null && scale && (
                <span className="font-normal text-muted-foreground">
                  {` · Weighted score ${formatScore(total)} / ${scale.max}`}
                </span>
              )}
            </p>
            <ul className="grid gap-0.5 text-muted-foreground">
              {version.scores.map((score) => (
                <li key={score.criterionId} className="break-words">
                  {names.get(score.criterionId) ?? 'Criterion'}: {score.score}
                  {score.comment && ` (${score.comment})`}
                </li>
              ))}
            </ul>
            {version.comment && (
              <p className="break-words whitespace-pre-line">Overall: {version.comment}</p>
            )}
          </li>
        )
      })}
    </HistoryDetails>
  )
}
