import { REVIEW_MESSAGES, type MyReview, type ReviewRequest } from '@hackathon/contract'
import { useId, useState, type FormEvent, type ReactNode } from 'react'

import { FormField } from '@/components/form-field'
import { NativeSelect } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'

import { formatPercent, formatScore, sharedScale, weightShare, weightedTotal } from '../scores'

/** What the form holds: each criterion's score as its select's value ('' = not scored yet). */
interface Values {
  scores: Record<string, string>
  comments: Record<string, string>
  comment: string
}

function initialValues(review: MyReview): Values {
  const saved = new Map(review.scores.map((s) => [s.criterionId, s]))
  const scores: Record<string, string> = {}
  const comments: Record<string, string> = {}
  for (const criterion of review.rubric.criteria) {
    const score = saved.get(criterion.id)
    scores[criterion.id] = score ? String(score.score) : ''
    comments[criterion.id] = score?.comment ?? ''
  }
  return { scores, comments, comment: review.comment }
}

/** `min` to `max` inclusive: every score a criterion allows. */
function range(min: number, max: number): number[] {
  return Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i)
}

export const criterionLabel = (c: { name: string; scaleMin: number; scaleMax: number }) =>
  `${c.name} (${c.scaleMin} to ${c.scaleMax})`

export interface ReviewFormProps {
  id: string
  review: MyReview
  onSubmit: (request: ReviewRequest) => void
  /** The footer, inside the form so its Save button submits it. */
  footer: ReactNode
  /** Shown above the footer, e.g. the history of earlier saves. */
  children?: ReactNode
}

/** One score (and an optional comment) per criterion of the round's rubric, then an overall comment. */
export function ReviewForm({ id, review, onSubmit, footer, children }: ReviewFormProps) {
  const { criteria } = review.rubric
  const [values, setValues] = useState<Values>(() => initialValues(review))
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set())
  const fieldId = useId()
  const scoreId = (criterionId: string) => `${fieldId}-score-${criterionId}`
  const commentId = (criterionId: string) => `${fieldId}-comment-${criterionId}`
  const scale = sharedScale(criteria)
  const total = weightedTotal(
    criteria,
    new Map(
      Object.entries(values.scores)
        .filter(([, score]) => score !== '')
        .map(([criterionId, score]) => [criterionId, Number(score)]),
    ),
  )

  function setScore(criterionId: string, score: string) {
    setValues((v) => ({ ...v, scores: { ...v.scores, [criterionId]: score } }))
    if (score !== '' && missing.has(criterionId)) {
      setMissing((m) => new Set([...m].filter((id) => id !== criterionId)))
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const unscored = criteria.filter((c) => values.scores[c.id] === '')
    if (unscored.length > 0) {
      setMissing(new Set(unscored.map((c) => c.id)))
      document.getElementById(scoreId(unscored[0]!.id))?.focus()
      return
    }
    setMissing(new Set())
    onSubmit({
      scores: criteria.map((c) => ({
        criterionId: c.id,
        score: Number(values.scores[c.id]),
        comment: (values.comments[c.id] ?? '').trim(),
      })),
      comment: values.comment.trim(),
    })
  }

  return (
    <form id={id} noValidate onSubmit={submit} className="grid gap-5">
      <ol className="grid gap-5">
        {criteria.map((criterion) => (
          <li
            key={criterion.id}
            className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[12rem_minmax(0,1fr)]"
          >
            <FormField
              id={scoreId(criterion.id)}
              label={criterionLabel(criterion)}
              error={missing.has(criterion.id) ? 'Choose a score' : undefined}
              hint={`Weight ${formatPercent(weightShare(criteria, criterion.weight))}`}
            >
              {({ id, describedBy, invalid }) => (
                <NativeSelect
                  id={id}
                  required
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  value={values.scores[criterion.id] ?? ''}
                  onChange={(event) => setScore(criterion.id, event.target.value)}
                >
                  <option value="">Not scored</option>
                  {range(criterion.scaleMin, criterion.scaleMax).map((score) => (
                    <option key={score} value={score}>
                      {score}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField
              id={commentId(criterion.id)}
              label={`Comment on ${criterion.name} (optional)`}
            >
              {({ id }) => (
                <Textarea
                  id={id}
                  rows={2}
                  maxLength={2000}
                  className="min-h-16"
                  value={values.comments[criterion.id] ?? ''}
                  onChange={(event) =>
                    setValues((v) => ({
                      ...v,
                      comments: { ...v.comments, [criterion.id]: event.target.value },
                    }))
                  }
                />
              )}
            </FormField>
          </li>
        ))}
      </ol>
      <FormField id={`${fieldId}-overall`} label="Overall comment (optional)">
        {({ id }) => (
          <Textarea
            id={id}
            rows={3}
            maxLength={5000}
            value={values.comment}
            onChange={(event) => setValues((v) => ({ ...v, comment: event.target.value }))}
          />
        )}
      </FormField>
      {scale && (
        <p className="text-sm">
          {total === null ? (
            <span className="text-muted-foreground">
              Score every criterion to see the weighted score.
            </span>
          ) : (
            <>
              Weighted score:{' '}
              <strong className="tabular-nums">
                {formatScore(total)} / {scale.max}
              </strong>
            </>
          )}
        </p>
      )}
      {missing.size > 0 && (
        <p role="alert" className="text-sm text-destructive">
          {REVIEW_MESSAGES.notScored}
        </p>
      )}
      {children}
      {footer}
    </form>
  )
}
