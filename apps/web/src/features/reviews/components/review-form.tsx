import {
  REVIEW_MESSAGES,
  reviewRequest,
  type Criterion,
  type MyReview,
  type ReviewRequest,
} from '@hackathon/contract'
import { useId, type ReactNode } from 'react'
import { useWatch } from 'react-hook-form'

import { FormField } from '@/components/form/form-field'
import { formSchema } from '@/components/form/form-schema'
import { errorOf, useZodForm } from '@/components/form/use-zod-form'
import { NativeSelect } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'

import { formatPercent, formatScore, sharedScale, weightShare, weightedTotal } from '../scores'

/**
 * What the form holds, in the rubric's order: each criterion's score as its select's value ('' =
 * not scored yet) and its comment, then the overall comment.
 */
interface Values {
  scores: string[]
  comments: string[]
  comment: string
}

function initialValues(review: MyReview): Values {
  const saved = new Map(review.scores.map((s) => [s.criterionId, s]))
  const criteria = review.rubric.criteria
  return {
    scores: criteria.map((c) => {
      const score = saved.get(c.id)
      return score ? String(score.score) : ''
    }),
    comments: criteria.map((c) => saved.get(c.id)?.comment ?? ''),
    comment: review.comment,
  }
}

const NOT_SCORED = 'Choose a score'

/**
 * The contract's reviewRequest over the form's values, and what only the form can say: every
 * criterion needs a score. A problem with a criterion is said at its score.
 */
const reviewFormSchema = (criteria: readonly Criterion[]) =>
  formSchema(reviewRequest, {
    input: (values: Values) => ({
      scores: criteria.map((c, i) => ({
        criterionId: c.id,
        score: Number(values.scores[i]),
        comment: (values.comments[i] ?? '').trim(),
      })),
      comment: values.comment.trim(),
    }),
    issue: (problem) => {
      const [top, index] = problem.path
      return top === 'scores' && typeof index === 'number'
        ? { path: ['scores', index], message: problem.message }
        : { path: ['root'], message: problem.message }
    },
    also: (values) =>
      criteria.flatMap((_, i) =>
        values.scores[i] === '' ? [{ path: ['scores', i], message: NOT_SCORED }] : [],
      ),
  })

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
  const form = useZodForm(reviewFormSchema(criteria), { defaultValues: initialValues(review) })
  const scores = useWatch({ control: form.control, name: 'scores' })
  const fieldId = useId()
  const scoreId = (criterionId: string) => `${fieldId}-score-${criterionId}`
  const commentId = (criterionId: string) => `${fieldId}-comment-${criterionId}`
  const scale = sharedScale(criteria)
  const total = weightedTotal(
    criteria,
    new Map(criteria.flatMap((c, i) => (scores[i] ? [[c.id, Number(scores[i])] as const] : []))),
  )
  const missing = criteria.some((_, i) => errorOf(form, `scores.${i}`) === NOT_SCORED)
  const formError = errorOf(form, 'root')

  const submit = form.handleSubmit(onSubmit)

  return (
    <form id={id} noValidate onSubmit={submit} className="grid gap-5">
      <ol className="grid gap-5">
        {criteria.map((criterion, index) => (
          <li
            key={criterion.id}
            className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[12rem_minmax(0,1fr)]"
          >
            <FormField
              id={scoreId(criterion.id)}
              label={criterionLabel(criterion)}
              error={errorOf(form, `scores.${index}`)}
              hint={`Weight ${formatPercent(weightShare(criteria, criterion.weight))}`}
            >
              {({ id, describedBy, invalid }) => (
                <NativeSelect
                  id={id}
                  required
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  {...form.register(`scores.${index}`)}
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
                  {...form.register(`comments.${index}`)}
                />
              )}
            </FormField>
          </li>
        ))}
      </ol>
      <FormField id={`${fieldId}-overall`} label="Overall comment (optional)">
        {({ id }) => <Textarea id={id} rows={3} maxLength={5000} {...form.register('comment')} />}
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
      {(missing || formError) && (
        <p role="alert" className="text-sm text-destructive">
          {missing ? REVIEW_MESSAGES.notScored : formError}
        </p>
      )}
      {children}
      {footer}
    </form>
  )
}
